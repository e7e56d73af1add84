import {
  type AuditDocument,
  auditReadModels,
  authReadModels,
  checkpointDocumentIds,
  currentSchemaVersion,
  type DomainEvent,
  type EventMetadata,
  readModels,
  statsReadModels,
} from '@vip/contracts';
import { readCheckpoints, VersionedReadStore, waitForProjection } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { allProjectors } from '../src/read-models/index.ts';
import { ProjectionRunner } from '../src/runner.ts';

const metadata: EventMetadata = { correlationId: 'c1', causationId: 'c1', actor: { kind: 'system', id: 'test' } };
const at = '2026-11-22T12:00:00.000Z';
const history: Array<[string, DomainEvent]> = [
  [
    'user-u1',
    {
      type: 'UserRegistered',
      data: { userId: 'u1', username: 'ann', passwordHash: 'h', isAdmin: true, registeredAt: at, avatar: null },
    },
  ],
  [
    'key-k1',
    {
      type: 'KeyGenerated',
      data: {
        keyDigest: 'k'.repeat(64),
        guildId: '111111111111111111',
        tier: 'free',
        noAds: false,
        expiresAt: at,
        generatedAt: at,
        visitorDigest: 'v1',
        accessHashDigest: null,
      },
    },
  ],
  ['visitor-v1', { type: 'VisitRecorded', data: { visitorDigest: 'v1', guildId: null, visitedAt: at } }],
];

describe('checkpoints and read-model versions', () => {
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  const logger = pino({ level: 'silent' });
  const checkpointDocs = () => store.collection(readModels.checkpoints).find({}, { sort: { _id: 1 } });

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    store = new SqliteReadStore(':memory:');
    // written as today's product writes them: each in its type's current version
    for (const [streamId, event] of history)
      await events.append(
        streamId,
        [{ ...event, metadata: { ...metadata, schemaVersion: currentSchemaVersion(event.type) } }],
        'any',
      );
  });
  afterEach(async () => {
    await events.close();
    await store.close();
  });

  it('keeps every checkpoint in one document, written once per batch', async () => {
    const runner = new ProjectionRunner(events, store, allProjectors, logger);
    let writes = 0;
    const checkpoints = store.collection(readModels.checkpoints);
    const updateOne = checkpoints.updateOne.bind(checkpoints);
    checkpoints.updateOne = (filter, ...rest) => {
      if (filter._id === checkpointDocumentIds.positions) writes++;
      return updateOne(filter, ...rest);
    };
    await runner.start();
    await runner.stop();
    // one batch caught up with the 3 events: one write for the 18 checkpoints
    expect(writes).to.equal(1);
    const [positions, versions] = await checkpointDocs();
    expect(positions._id).to.equal(checkpointDocumentIds.positions);
    for (const { name } of allProjectors) expect(positions[name], name).to.equal(3);
    expect(versions).to.deep.equal({
      _id: checkpointDocumentIds.versions,
      ...Object.fromEntries(allProjectors.map((projector) => [projector.name, projector.version])),
    });
    expect((await readCheckpoints(store)).get('keys')).to.equal(3);
    expect(await waitForProjection(store, 'audit', 3, 50)).to.equal(true);
    expect(await waitForProjection(store, 'audit', 4, 50)).to.equal(false);
  });

  it('upgrades a read store an older version built: outdated read models are rebuilt, the others resume', async () => {
    // as the version before one checkpoint document left it: one checkpoint per projection,
    // audit documents holding each event's data, and the statistics' totals document
    for (const { name } of allProjectors)
      await store.collection(readModels.checkpoints).insertOne({ _id: name, position: 3, updatedAt: at });
    await store.collection(authReadModels.users).insertOne({
      _id: 'u1',
      username: 'ann',
      isAdmin: true,
      avatar: null,
      registeredAt: at,
      builtBefore: true,
    });
    for (const position of [1, 2, 3])
      await store.collection(auditReadModels.audit).insertOne({
        _id: String(position).padStart(15, '0'),
        position,
        data: { passwordHash: '[redacted]' },
        keyDigest: null,
      });
    await store.collection('stats_totals').insertOne({ _id: 'totals', keysGenerated: 1, keysRedeemed: 0, visits: 1 });
    expect(await waitForProjection(store, 'users', 3, 50), 'read-your-writes on the older layout').to.equal(true);

    // readers by logical names: the outdated read models are built beside the live ones
    const view = new VersionedReadStore(store, { refreshMs: 0 });
    const runner = new ProjectionRunner(events, store, allProjectors, logger, { retireAfterMs: 0 });
    await runner.start();
    await runner.whenBuilt();
    // the replaced collections are dropped once readers elsewhere have followed the switch
    for (let tries = 0; (await store.listCollections()).includes('stats_totals'); tries++) {
      expect(tries, 'stats_totals dropped').to.be.below(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await runner.stop();

    const audit = await view.collection<AuditDocument>(auditReadModels.audit).find({}, { sort: { position: 1 } });
    expect(audit.map((doc) => doc.type)).to.deep.equal(['UserRegistered', 'KeyGenerated', 'VisitRecorded']);
    expect(audit.every((doc) => !('data' in doc))).to.equal(true);
    expect(await view.listCollections()).to.not.include('stats_totals');
    expect(await view.collection(statsReadModels.daily).findOne({ _id: '2026-11-22' })).to.include({
      keysGenerated: 1,
      visits: 1,
    });
    // the users read model was not rebuilt: its document is the one found
    expect(await store.collection(authReadModels.users).findOne({ _id: 'u1' })).to.include({ builtBefore: true });
    const docs = await checkpointDocs();
    expect(docs.map((doc) => doc._id)).to.deep.equal([checkpointDocumentIds.positions, checkpointDocumentIds.versions]);
    for (const { name } of allProjectors) expect(docs[0][name], name).to.equal(3);

    // started again, nothing is outdated any more
    await store.collection(authReadModels.users).updateOne({ _id: 'u1' }, { $set: { builtBefore: 'still' } });
    await view.collection(auditReadModels.audit).updateOne({ position: 1 }, { $set: { kept: true } });
    const again = new ProjectionRunner(events, store, allProjectors, logger);
    await again.start();
    await again.whenBuilt();
    await again.stop();
    expect(await view.collection(auditReadModels.audit).findOne({ position: 1 })).to.include({ kept: true });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  distinctVisitorsCounterId,
  type EventMetadata,
  type KeyCounterDocument,
  keyProjections,
  keyReadModels,
  sealStreamId,
} from '@vip/contracts';
import { type EventStore, PersonalDataEventStore, SqlitePersonalKeys, type StoredEvent } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { pino } from 'pino';
import { writeMixedLog } from '../../../test/support/mixed-log.ts';
import { digest } from '../../../test/support/mixed-log-world.ts';
import { analyticsProjectors } from '../../src/read-models/analytics/index.ts';
import { allProjectors } from '../../src/read-models/index.ts';
import { statsProjector } from '../../src/read-models/stats/stats.projector.ts';
import { rebuildReadModels } from '../../src/rebuild.ts';
import { RewriteRefused, rewritePersonalData } from '../../src/rewrite/rewrite-personal-data.ts';
import { describeSummary } from '../../src/seals/report.ts';
import { LogSealer } from '../../src/seals/sealer.ts';
import { verifyLog } from '../../src/seals/verify-log.ts';
import { compareReadModels } from '../../src/verify.ts';

const silent = pino({ level: 'silent' });
const GUILD = '900000000000000003';
const visitor = { kind: 'visitor' as const, id: 'anonymous' };
/** What a product before the visitors' day keys wrote: v2 visits, v1 keys (and, older still, no version at all). */
const meta = (schemaVersion?: number): EventMetadata => ({
  correlationId: 'c',
  causationId: 'c',
  actor: visitor,
  ...(schemaVersion ? { schemaVersion } : {}),
});

/** One address that came on two days, as a product before the day keys named it: one stream, one digest. */
const ADDRESS = digest('visitor-of-two-days');
const DAY_ONE = '2026-01-05';
const DAY_TWO = '2026-01-07';
/** A visit written since the day keys (v3): its digest is of its day already, and stays. */
const OF_THE_DAY = digest('a-digest-of-the-day');

async function visitsOfTwoDays(log: EventStore): Promise<void> {
  const visit = (at: string, guildId: string | null) => ({ visitorDigest: ADDRESS, guildId, visitedAt: at });
  const stream = `visitor-${ADDRESS}`;
  // v1: a page load was two visits, the one without a server its twin
  await log.append(
    stream,
    [
      { type: 'VisitRecorded', data: visit(`${DAY_ONE}T09:00:00.000Z`, null), metadata: meta() },
      { type: 'VisitRecorded', data: visit(`${DAY_ONE}T09:00:00.100Z`, GUILD), metadata: meta() },
    ],
    'any',
  );
  await log.append(
    stream,
    [{ type: 'VisitRecorded', data: visit(`${DAY_ONE}T23:59:59.000Z`, GUILD), metadata: meta(2) }],
    'any',
  );
  await log.append(
    stream,
    [
      { type: 'VisitRecorded', data: visit(`${DAY_TWO}T08:00:00.000Z`, GUILD), metadata: meta(2) },
      { type: 'VisitRecorded', data: visit(`${DAY_TWO}T08:05:00.000Z`, GUILD), metadata: meta(2) },
    ],
    'any',
  );
  const key = {
    keyDigest: digest('a-key-of-day-two'),
    guildId: GUILD,
    tier: 'free',
    noAds: false,
    expiresAt: `${DAY_TWO}T20:00:00.000Z`,
    generatedAt: `${DAY_TWO}T08:06:00.000Z`,
    visitorDigest: ADDRESS,
    accessHashDigest: null,
  };
  await log.append(`key-${key.keyDigest}`, [{ type: 'KeyGenerated', data: key, metadata: meta(1) }], 'no_stream');
  const today = { visitorDigest: OF_THE_DAY, guildId: GUILD, visitedAt: `${DAY_TWO}T10:00:00.000Z` };
  await log.append(`visitor-${OF_THE_DAY}`, [{ type: 'VisitRecorded', data: today, metadata: meta(3) }], 'no_stream');
}

const visitorOf = (event: StoredEvent | { data: unknown }) =>
  (JSON.parse(typeof event.data === 'string' ? event.data : JSON.stringify(event.data)) as { visitorDigest: string })
    .visitorDigest;

describe('rewriting the visits of a log written before the day keys', function () {
  this.timeout(120_000);
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rewrite-visitors-'));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names each old visitor by a random id per day: no old digest left, the same counts, the scratch table gone', async () => {
    const [oldDir, newDir] = [path.join(root, 'old'), path.join(root, 'new')];
    fs.mkdirSync(oldDir);
    fs.mkdirSync(newDir);
    const old = new SqliteEventStore(path.join(oldDir, 'events.sqlite'));
    await writeMixedLog(old, { events: 1_500, seed: 3 });
    await visitsOfTwoDays(old);
    const sealer = new LogSealer(old, { every: 500, minutes: 60, logger: silent, pollMs: 5 });
    await sealer.start();
    await sealer.whenCaughtUp();
    await sealer.sealNow();
    await sealer.stop();

    const oldEvents = (await old.readAll()).filter((event) => event.streamId !== sealStreamId);
    const oldDigests = new Set(
      oldEvents
        .filter((event) => event.type === 'VisitRecorded' || event.type === 'KeyGenerated')
        .map(visitorOf)
        .filter((id) => id && id !== OF_THE_DAY),
    );
    expect(oldDigests.size).to.be.above(300);

    const target = new SqliteEventStore(path.join(newDir, 'events.sqlite'));
    const keys = new SqlitePersonalKeys(path.join(newDir, 'personal-keys.sqlite'));
    const record = await rewritePersonalData(old, target, keys, { sealEvery: 500, pageSize: 200, scratchDir: newDir });
    await Promise.all([target.close(), keys.close()]);
    const visits = oldEvents.filter((event) => event.type === 'VisitRecorded');
    const keysNamingVisitor = oldEvents.filter((event) => event.type === 'KeyGenerated' && visitorOf(event));
    expect(record.visitorIdsReplaced).to.equal(visits.length - 1 + keysNamingVisitor.length);

    // the scratch table is gone, and no byte of any file of the new folder holds an old digest
    expect(fs.readdirSync(newDir).sort()).to.deep.equal(['events.sqlite', 'personal-keys.sqlite']);
    for (const name of fs.readdirSync(newDir)) {
      const hex =
        fs
          .readFileSync(path.join(newDir, name))
          .toString('latin1')
          .match(/[0-9a-f]{64}/g) ?? [];
      expect(
        hex.filter((run) => oldDigests.has(run)),
        name,
      ).to.deep.equal([]);
    }

    // the address's two days: two ids, linked to nothing and not to each other, each a stream from revision 0
    const log = new SqliteEventStore(path.join(newDir, 'events.sqlite'));
    const newEvents = (await log.readAll()).filter((event) => event.streamId !== sealStreamId);
    expect(newEvents.map((event) => event.id)).to.deep.equal(oldEvents.map((event) => event.id));
    const copyOf = new Map(newEvents.map((event) => [event.id, event]));
    const ofAddress = visits.filter((event) => visitorOf(event) === ADDRESS).map((event) => copyOf.get(event.id)!);
    const [first, second] = [ofAddress.slice(0, 3), ofAddress.slice(3)];
    const [idOne, idTwo] = [visitorOf(first[0]), visitorOf(second[0])];
    expect(idOne).to.match(/^[0-9a-f]{64}$/);
    expect(new Set([idOne, idTwo, ADDRESS]).size).to.equal(3);
    expect(first.map((event) => [event.streamId, event.revision, visitorOf(event)])).to.deep.equal(
      [0, 1, 2].map((revision) => [`visitor-${idOne}`, revision, idOne]),
    );
    expect(second.map((event) => [event.streamId, event.revision, visitorOf(event)])).to.deep.equal(
      [0, 1].map((revision) => [`visitor-${idTwo}`, revision, idTwo]),
    );
    // the key generated on the second day names that day's id; a visit of the day keys stays as it was
    const key = copyOf.get(keysNamingVisitor.find((event) => visitorOf(event) === ADDRESS)!.id)!;
    expect(visitorOf(key)).to.equal(idTwo);
    const today = copyOf.get(visits.find((event) => visitorOf(event) === OF_THE_DAY)!.id)!;
    expect([today.streamId, today.revision]).to.deep.equal([`visitor-${OF_THE_DAY}`, 0]);
    // everything else of each event is as it was
    for (const event of oldEvents) {
      const copy = copyOf.get(event.id)!;
      expect({ ...copy, data: null, streamId: null, revision: null, position: null }).to.deep.equal({
        ...event,
        data: null,
        streamId: null,
        revision: null,
        position: null,
      });
    }

    // the statistics: visits a day and per server the same; distinct visitors are each address once a day
    const [fromOld, fromNew] = [new SqliteReadStore(':memory:'), new SqliteReadStore(':memory:')];
    const visitors = allProjectors.find((projector) => projector.name === keyProjections.visitors)!;
    const projectors = [statsProjector, ...analyticsProjectors, visitors];
    await rebuildReadModels(old, fromOld, projectors);
    // through the product's codec: the windows' members are encrypted in the new log
    const product = new PersonalDataEventStore(log, new SqlitePersonalKeys(path.join(newDir, 'personal-keys.sqlite')));
    await rebuildReadModels(product, fromNew, projectors);
    expect(await compareReadModels(fromOld, fromNew, [statsProjector, ...analyticsProjectors])).to.deep.equal([]);
    const addressDays = new Set(
      visits
        // a v1 visit without a server is its page load's twin: it counts nowhere
        .filter((event) => !(storedVersion(event) === 1 && (event.data as { guildId: unknown }).guildId === null))
        .map((event) => `${visitorOf(event)} ${(event.data as { visitedAt: string }).visitedAt.slice(0, 10)}`),
    );
    const total = (store: SqliteReadStore) =>
      store
        .collection<KeyCounterDocument>(keyReadModels.visitorTotals)
        .findOne({ _id: distinctVisitorsCounterId })
        .then((document) => document?.count);
    expect(await total(fromNew)).to.equal(addressDays.size);
    // the old log counted the address of two days once: the rewritten one counts it once a day
    expect(await total(fromOld)).to.equal(addressDays.size - 1);
    await Promise.all([fromOld.close(), fromNew.close()]);

    const summary = await verifyLog(log);
    expect(summary.findings).to.deep.equal([]);
    expect(describeSummary(summary).join('\n')).to.include(
      `${record.visitorIdsReplaced!.toLocaleString('en')} visits and keys whose visitor was named by the deployment's secret given a random id per visitor and day`,
    );
    await Promise.all([old.close(), product.close()]);
  });

  it('removes its scratch table when it stops half-way', async () => {
    const scratch = path.join(root, 'scratch');
    fs.mkdirSync(scratch);
    const old = new SqliteEventStore(':memory:');
    const data = { visitorDigest: ADDRESS, guildId: GUILD, visitedAt: `${DAY_ONE}T09:00:00.000Z` };
    await old.append(`visitor-${ADDRESS}`, [{ type: 'VisitRecorded', data, metadata: meta(2) }], 'no_stream');
    // not a stream the product ever wrote a visit into
    await old.append('visitor-elsewhere', [{ type: 'VisitRecorded', data, metadata: meta(2) }], 'no_stream');
    const target = new SqliteEventStore(':memory:');
    const keys = new SqlitePersonalKeys(':memory:');
    try {
      const error = await rewritePersonalData(old, target, keys, {
        sealEvery: 10,
        pageSize: 1,
        scratchDir: scratch,
      }).catch((e) => e);
      expect(error).to.be.instanceOf(RewriteRefused);
      expect(error.message).to.match(
        /^The visit \S+ at position 2 lies in visitor-elsewhere, not in the stream of its visitor/,
      );
      expect(fs.readdirSync(scratch)).to.deep.equal([]);
    } finally {
      await Promise.all([old.close(), target.close(), keys.close()]);
    }
  });
});

const storedVersion = (event: StoredEvent | { metadata: unknown }) =>
  ((typeof event.metadata === 'string' ? JSON.parse(event.metadata) : event.metadata) as { schemaVersion?: number })
    .schemaVersion ?? 1;

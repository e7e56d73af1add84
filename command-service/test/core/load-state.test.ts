import { currentSchemaVersion, type DomainEvent } from '@vip/contracts';
import {
  createLogger,
  type EventStore,
  Keyring,
  MemorySnapshotStore,
  type ReadStreamOptions,
  SignedSnapshotStore,
} from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { type CommandContext, commandHandlerFor } from '../../src/core/command-handler.ts';
import { loadFold, SNAPSHOT_AFTER_EVENTS } from '../../src/core/load-state.ts';
import { visitorDecider } from '../../src/keys/visitor.decider.ts';
import { type VisitorEvent, visitorStream } from '../../src/keys/visitor.state.ts';
import { type GuildState, guildFold, guildStream } from '../../src/servers/guild.state.ts';
import { NOW } from '../support/decider-spec.ts';

const context: CommandContext = {
  now: NOW,
  metadata: { correlationId: 'c1', causationId: 'c1', actor: { kind: 'visitor', id: 'anonymous' } },
};
const STREAM = visitorStream('v1');
const visits = commandHandlerFor(visitorDecider, (command) => visitorStream(command.visitorDigest));
const visit = (n: number): VisitorEvent => ({
  type: 'VisitRecorded',
  data: { visitorDigest: 'v1', guildId: null, visitedAt: NOW.toISOString(), pageLoadId: `load-${1000 + n}` },
});
const metadata = { ...context.metadata, schemaVersion: currentSchemaVersion('VisitRecorded') };
const append = (store: EventStore, events: DomainEvent[]) =>
  store.append(
    STREAM,
    events.map((event) => ({ ...event, metadata })),
    'any',
  );

/** The events each readStream call returned, and what it asked for. */
function countingReads(store: EventStore) {
  const reads: { options: ReadStreamOptions | undefined; events: number }[] = [];
  const counted = new Proxy(store, {
    get(target, property) {
      if (property === 'readStream')
        return async (streamId: string, options?: ReadStreamOptions) => {
          const events = await target.readStream(streamId, options);
          reads.push({ options, events: events.length });
          return events;
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counted, reads, events: () => reads.reduce((sum, read) => sum + read.events, 0) };
}

/** A long stream read from its snapshot: a cache that can only cost a longer read, never a wrong state. */
describe('reading a long stream from its snapshot', () => {
  let log: SqliteEventStore;
  let snapshots: MemorySnapshotStore;

  beforeEach(() => {
    log = new SqliteEventStore(':memory:');
    snapshots = new MemorySnapshotStore();
  });
  afterEach(() => log.close());

  it('folds a long stream once, then reads only the events after the snapshot', async () => {
    await append(
      log,
      Array.from({ length: 500 }, (_, i) => visit(i)),
    );
    const first = countingReads(log);
    const whole = await loadFold({ eventStore: first.store, snapshotStore: snapshots }, STREAM, visitorDecider);
    expect(whole).to.deep.include({ revision: 499 });
    expect(whole.state.visits).to.equal(500);
    expect(first.events()).to.equal(500);

    await append(log, [visit(500), visit(501)]);
    const later = countingReads(log);
    const again = await loadFold({ eventStore: later.store, snapshotStore: snapshots }, STREAM, visitorDecider);
    expect(again.revision).to.equal(501);
    expect(again.state.visits).to.equal(502);
    // the covered event (it proves the snapshot is of this stream) and the two after it
    expect(later.events()).to.equal(3);
    expect(later.reads[0].options).to.deep.equal({ fromRevision: 499 });
  });

  it('keeps every decision short: the 3,000th visit of one address reads a bounded number of events', async () => {
    const counted = countingReads(log);
    const stores = { eventStore: counted.store, snapshotStore: snapshots };
    let most = 0;
    for (let n = 0; n < 3000; n++) {
      const before = counted.events();
      await visits(
        stores,
        { type: 'RecordVisit', visitorDigest: 'v1', guildId: null, botInServer: false, pageLoadsDayBefore: [] },
        context,
      );
      most = Math.max(most, counted.events() - before);
    }
    expect(most).to.be.at.most(SNAPSHOT_AFTER_EVENTS + 2);
    expect((await loadFold({ eventStore: log }, STREAM, visitorDecider)).state.visits).to.equal(3000);
  });

  it('a snapshot of another stream’s history (a restored log) is dropped, and the stream folded from the start', async () => {
    await append(
      log,
      Array.from({ length: 100 }, (_, i) => visit(i)),
    );
    await loadFold({ eventStore: log, snapshotStore: snapshots }, STREAM, visitorDecider);
    expect(await snapshots.load(`stream:${STREAM}`)).to.not.equal(null);

    // the log restored from an older backup, then written differently: same revisions, other events
    const restored = new SqliteEventStore(':memory:');
    try {
      await append(
        restored,
        Array.from({ length: 120 }, (_, i) => visit(i * 2)),
      );
      const { state, revision } = await loadFold(
        { eventStore: restored, snapshotStore: snapshots },
        STREAM,
        visitorDecider,
      );
      expect(revision).to.equal(119);
      expect(state.visits).to.equal(120);
      expect(state.recentPageLoads.at(-1)).to.equal(`load-${1000 + 119 * 2}`);
      // a fresh snapshot of the restored stream replaced it
      expect((await snapshots.load(`stream:${STREAM}`))?.covers).to.equal(119);
    } finally {
      await restored.close();
    }
  });

  it('a snapshot of another version of the state is ignored', async () => {
    await append(
      log,
      Array.from({ length: 30 }, (_, i) => visit(i)),
    );
    await snapshots.save(`stream:${STREAM}`, { covers: 29, version: 99, state: { eventId: 'x', state: {} } });
    const { state } = await loadFold({ eventStore: log, snapshotStore: snapshots }, STREAM, visitorDecider);
    expect(state.visits).to.equal(30);
    expect((await snapshots.load(`stream:${STREAM}`))?.version).to.equal(1);
  });

  it('a short read saves nothing: a snapshot is written once every so many events, not on every command', async () => {
    await append(
      log,
      Array.from({ length: SNAPSHOT_AFTER_EVENTS }, (_, i) => visit(i)),
    );
    await loadFold({ eventStore: log, snapshotStore: snapshots }, STREAM, visitorDecider);
    expect(await snapshots.load(`stream:${STREAM}`)).to.equal(null);
  });
});

/**
 * A snapshot edited where it is stored (issue #26 item 7): the bot's presence in a server
 * turned off in the snapshot of its stream, which covers the stream's head. Signed snapshots
 * make the fold ignore it and read the stream from the start, so the decision sees the bot.
 */
describe('reading a long stream from a signed snapshot', () => {
  const GUILD = '300000000000000001';
  const key = `stream:${guildStream(GUILD)}`;
  let log: SqliteEventStore;
  let stored: MemorySnapshotStore;
  let snapshots: SignedSnapshotStore;

  beforeEach(async () => {
    log = new SqliteEventStore(':memory:');
    stored = new MemorySnapshotStore();
    snapshots = new SignedSnapshotStore(stored, new Keyring('the-secret-of-this-test'), createLogger('t', 'silent'));
    await log.append(
      guildStream(GUILD),
      Array.from({ length: 30 }, (_, i) => ({
        type: 'GuildReported',
        data: {
          guildId: GUILD,
          name: `Demo ${i}`,
          icon: null,
          channels: [{ id: '1', name: 'general' }],
          missingPermissions: [],
          reportedAt: NOW.toISOString(),
        },
        metadata: { ...context.metadata, schemaVersion: currentSchemaVersion('GuildReported') },
      })),
      'no_stream',
    );
    // the first read folds the stream whole and keeps a signed snapshot of its head
    const first = await loadFold({ eventStore: log, snapshotStore: snapshots }, guildStream(GUILD), guildFold);
    expect(first.state.botPresent).to.equal(true);
    expect((await stored.load(key))?.covers).to.equal(29);
  });
  afterEach(() => log.close());

  it('uses an untouched snapshot: the covered event is all it reads', async () => {
    const reads = countingReads(log);
    const { state, revision } = await loadFold(
      { eventStore: reads.store, snapshotStore: snapshots },
      guildStream(GUILD),
      guildFold,
    );
    expect(revision).to.equal(29);
    expect(state).to.include({ botPresent: true, name: 'Demo 29' });
    expect(reads.events()).to.equal(1);
  });

  it('ignores one edited in its store (botPresent: false at the head), and folds the stream from the start', async () => {
    const saved = (await stored.load<{ eventId: string; state: GuildState }>(key))!;
    await stored.remove(key);
    await stored.save(key, { ...saved, state: { ...saved.state, state: { ...saved.state.state, botPresent: false } } });

    const reads = countingReads(log);
    const { state, revision } = await loadFold(
      { eventStore: reads.store, snapshotStore: snapshots },
      guildStream(GUILD),
      guildFold,
    );
    expect(revision).to.equal(29);
    expect(state).to.include({ botPresent: true, name: 'Demo 29' });
    expect(reads.events(), 'the whole stream').to.equal(30);
  });
});

import { createLogger, MemorySnapshotStore, MemoryVisitorDayKeys, VisitorDigests } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import type { CommandContext } from '../../src/core/command-handler.ts';
import { startVisitorRetention, untilNextRun } from '../../src/keys/visitor-retention.ts';
import { recordVisit } from '../../src/keys/visits.ts';

const GUILD = '111111111111111111';
const ADDRESS = '198.51.100.20';
const contextAt = (iso: string): CommandContext => ({
  now: new Date(iso),
  metadata: { correlationId: 'c1', causationId: 'c1', actor: { kind: 'visitor', id: 'anonymous' } },
});

/** Visits are recorded under the address's digest of the day: the rules on them hold across midnight. */
describe('visits across days', () => {
  let log: SqliteEventStore;
  let dayKeys: MemoryVisitorDayKeys;
  let deps: Parameters<typeof recordVisit>[0];
  const call = (iso: string, pageLoadId?: string, address = ADDRESS) =>
    recordVisit(deps, { address, guildId: GUILD, botInServer: true, pageLoadId }, contextAt(iso));
  const visits = async () => (await log.readAll()).filter((event) => event.type === 'VisitRecorded');

  beforeEach(() => {
    log = new SqliteEventStore(':memory:');
    dayKeys = new MemoryVisitorDayKeys();
    deps = {
      eventStore: log,
      snapshotStore: new MemorySnapshotStore(),
      visitorDigests: new VisitorDigests(dayKeys, 30),
    };
  });
  afterEach(() => log.close());

  it("records an address's visits of each day on a stream of that day's digest, never the address", async () => {
    await call('2026-07-01T10:00:00Z', 'load-1');
    await call('2026-07-02T10:00:00Z', 'load-2');
    const [first, second] = await visits();
    expect(first.streamId).to.not.equal(second.streamId);
    const digestOf = (event: typeof first) => (event.data as { visitorDigest: string }).visitorDigest;
    expect(digestOf(first)).to.not.equal(digestOf(second));
    expect(JSON.stringify(await log.readAll())).to.not.include(ADDRESS);
    // v3: what tells the rewrite of an old log that this digest is of its day already
    expect([first, second].map((event) => event.metadata.schemaVersion)).to.deep.equal([3, 3]);
  });

  it('counts a page load whose two calls fall either side of midnight once', async () => {
    expect(await call('2026-07-01T23:59:59.600Z', 'load-at-midnight')).to.equal(1);
    // the second call of that load, after midnight: found on the day before's stream
    expect(await call('2026-07-02T00:00:00.400Z', 'load-at-midnight')).to.equal(0);
    expect(await visits()).to.have.length(1);
    // the next page load after midnight is a visit of the new day
    expect(await call('2026-07-02T00:00:05Z', 'load-after')).to.equal(1);
    expect(await call('2026-07-02T00:00:05.100Z', 'load-after')).to.equal(1);
    expect(await visits()).to.have.length(2);
  });

  it("finds the day before's loads even when the day before's key is the only thing the process has not seen", async () => {
    await call('2026-07-01T23:59:59Z', 'load-x');
    // another process: the same key store, nothing in memory
    deps = { ...deps, visitorDigests: new VisitorDigests(dayKeys, 30) };
    expect(await call('2026-07-02T00:00:01Z', 'load-x')).to.equal(0);
    expect(await visits()).to.have.length(1);
  });

  it('reads the day before only in the first minutes of a day, when a load can still span midnight', async () => {
    await call('2026-07-01T23:59:59Z', 'load-early');
    const reads = deps.eventStore.readStream.bind(deps.eventStore);
    const read: string[] = [];
    deps = {
      ...deps,
      eventStore: Object.assign(Object.create(deps.eventStore), {
        readStream: (streamId: string, options?: unknown) => {
          read.push(streamId);
          return reads(streamId, options as never);
        },
      }),
    };
    expect(await call('2026-07-02T00:05:00Z', 'load-early')).to.equal(0);
    const early = read.length;
    expect(await call('2026-07-02T12:00:00Z', 'load-noon')).to.equal(1);
    expect(read.length - early).to.be.below(early);
  });

  it('does not look past the day before: the same page-load id two days on is a new visit', async () => {
    await call('2026-07-01T12:00:00Z', 'load-reused');
    expect(await call('2026-07-03T12:00:00Z', 'load-reused')).to.equal(1);
    expect(await visits()).to.have.length(2);
  });

  it('destroys the day keys past the retention at start, and runs again after the next midnight', async () => {
    const digests = new VisitorDigests(dayKeys, 2);
    await digests.of(ADDRESS, new Date('2026-07-01T12:00:00Z'));
    await digests.of(ADDRESS, new Date('2026-07-02T12:00:00Z'));
    const retention = await startVisitorRetention(
      { visitorDigests: digests, logger: createLogger('test', 'silent') },
      () => new Date('2026-07-03T09:00:00Z'),
    );
    await retention.stop();
    expect(await dayKeys.find('2026-07-01')).to.equal(null);
    expect(await dayKeys.find('2026-07-02')).to.not.equal(null);
    expect(untilNextRun(new Date('2026-07-03T23:30:00Z'))).to.equal(30 * 60_000 + 1_000);
    expect(untilNextRun(new Date('2026-07-03T09:00:00Z'))).to.equal(3_600_000);
  });
});

/**
 * readEventsAt on EventStoreDB (issue #19 item 15): one bounded read per position, never a
 * read of $all from the position to its end. No EventStoreDB runs here: the client is a stub
 * that streams as the server does, at most `maxCount` entries when the read asks for a limit.
 */
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { EventStoreDbEventStore } from '../src/event-store/eventstoredb-event-store.ts';

const metadata = { correlationId: 'c', causationId: 'c', actor: { kind: 'system', id: 'test' } };

/** A $all entry as the client hands it out: positions are byte offsets in the log. */
const entry = (commit: number, type = 'AnnouncementPosted') => ({
  commitPosition: BigInt(commit),
  event: {
    id: `00000000-0000-4000-8000-${String(commit).padStart(12, '0')}`,
    streamId: type.startsWith('$') ? '$stats-127.0.0.1:2113' : `announcement-${commit}`,
    type,
    data: {},
    metadata,
    revision: 0n,
    position: { commit: BigInt(commit), prepare: BigInt(commit) },
    created: new Date(),
  },
});

function stubbedEventStoreDb(log: ReturnType<typeof entry>[]) {
  const reads: { from: number; maxCount: bigint | undefined; delivered: number }[] = [];
  const client = {
    readAll: (options: { fromPosition?: { commit: bigint }; maxCount?: bigint } = {}) => {
      const from = Number(options.fromPosition?.commit ?? 0);
      const read = { from, maxCount: options.maxCount, delivered: 0 };
      reads.push(read);
      const limit = options.maxCount === undefined ? Number.POSITIVE_INFINITY : Number(options.maxCount);
      const stream = Readable.from(
        (function* () {
          for (const item of log) {
            if (Number(item.commitPosition) < from) continue;
            if (read.delivered >= limit) return;
            read.delivered += 1;
            yield item;
          }
        })(),
      );
      return Object.assign(stream, { cancel: async () => void stream.destroy() });
    },
    dispose: async () => undefined,
  };
  const store = new EventStoreDbEventStore('esdb://127.0.0.1:1?tls=false');
  (store as unknown as { client: unknown }).client = client;
  return { store, reads };
}

describe('EventStoreDB readEventsAt (client stubbed)', () => {
  // a long log: an unbounded read from an early position would stream thousands of entries
  const log = [
    ...Array.from({ length: 5000 }, (_, i) => entry(100 * (i + 1))),
    entry(600_000, '$stats'),
    entry(600_100),
  ];

  it('asks the server for one event per position and finds the events there', async () => {
    const { store, reads } = stubbedEventStoreDb(log);
    const found = await store.readEventsAt([200, 300, 600_100]);
    expect(found.map((event) => event.position)).to.deep.equal([200, 300, 600_100]);
    expect(reads).to.have.length(3);
    for (const read of reads) {
      expect(read.maxCount).to.equal(1n);
      expect(read.delivered).to.equal(1);
    }
  });

  it('finds nothing where no event of ours starts, without reading on', async () => {
    const { store, reads } = stubbedEventStoreDb(log);
    // 150: inside an event; 600_000: a system event; 700_000: past the end
    expect(await store.readEventsAt([150, 600_000, 700_000])).to.deep.equal([]);
    expect(reads.map((read) => read.delivered)).to.deep.equal([1, 1, 0]);
  });
});

import { Readable } from 'node:stream';
import { EventStoreDbEventStore } from '../../src/event-store/eventstoredb-event-store.ts';

const metadata = { correlationId: 'c', causationId: 'c', actor: { kind: 'system', id: 'test' } };

/** A $all entry as the EventStoreDB client hands it out: positions are byte offsets in the log. */
export const resolvedEntry = (commit: number, type = 'AnnouncementPosted') => ({
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

export type ResolvedEntry = ReturnType<typeof resolvedEntry>;

/** One read of $all the adapter made: where it started, its limit when it asked for one, what it got. */
export interface StubbedRead {
  from: number | 'start' | 'end';
  maxCount?: bigint;
  delivered: number;
}

/**
 * The EventStoreDB adapter around a stubbed client holding `log` (no EventStoreDB runs here):
 * forward reads start at the asked commit position (inclusive, as the client's are), backward
 * reads at the end, and a read streams at most its `maxCount` entries, as the server does.
 */
export function stubbedEventStoreDb(log: ResolvedEntry[]) {
  const reads: StubbedRead[] = [];
  const client = {
    readAll: (options: { fromPosition?: unknown; direction?: string; maxCount?: bigint } = {}) => {
      const backwards = options.direction === 'backwards';
      const from = options.fromPosition;
      const start = typeof from === 'object' && from !== null ? Number((from as { commit: bigint }).commit) : -1;
      const entries = backwards ? [...log].reverse() : log.filter((entry) => Number(entry.commitPosition) >= start);
      const read: StubbedRead = {
        from: backwards ? 'end' : start < 0 ? 'start' : start,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
        delivered: 0,
      };
      reads.push(read);
      const limit = options.maxCount === undefined ? Number.POSITIVE_INFINITY : Number(options.maxCount);
      const stream = Readable.from(
        (function* () {
          for (const entry of entries) {
            if (read.delivered >= limit) return;
            read.delivered += 1;
            yield entry;
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

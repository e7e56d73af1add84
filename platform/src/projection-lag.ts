import { projectionLagCountLimit } from '@vip/contracts';
import type { EventStore } from './event-store/event-store.ts';

/**
 * How many events of the log each checkpoint is behind: the lag /metrics, /api/health and the
 * status page report, the same on both stores (EventStoreDB positions are byte offsets, so
 * `head − checkpoint` would be bytes there). Counted up to `projectionLagCountLimit`; a count
 * is kept per checkpoint and only the events appended since are counted the next time, so a
 * scrape reads what is new, not the whole lag again.
 */
export class EventsBehind {
  /** By checkpoint (-1: none yet): events counted after it, up to and including `lastPosition`. */
  private known = new Map<number, { count: number; lastPosition: number | null }>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly limit = projectionLagCountLimit,
  ) {}

  /** Events after each checkpoint (null: none applied yet, so the whole log), by checkpoint. */
  async of(checkpoints: Iterable<number | null>): Promise<Map<number | null, number>> {
    const distinct = [...new Set(checkpoints)];
    const next = new Map<number, { count: number; lastPosition: number | null }>();
    const counts = new Map<number | null, number>();
    await Promise.all(
      distinct.map(async (checkpoint) => {
        const key = checkpoint ?? -1;
        const before = this.known.get(key) ?? { count: 0, lastPosition: checkpoint };
        let { count, lastPosition } = before;
        if (count < this.limit) {
          const added = await this.eventStore.countEventsAfter(lastPosition, this.limit - count);
          count += added.count;
          lastPosition = added.lastPosition ?? lastPosition;
        }
        next.set(key, { count, lastPosition });
        counts.set(checkpoint, count);
      }),
    );
    // only the checkpoints still in use are remembered: they move forward with every batch
    this.known = next;
    return counts;
  }
}

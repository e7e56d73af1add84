import type { EventStore, SubscribeOptions } from '@vip/platform';
import { map } from 'rxjs';

/** What a counting store saw its readers ask for and get. */
export interface ReadCounts {
  /** The `after` of every subscription to `$all`, in order. */
  readonly subscriptions: (number | undefined)[];
  /** Events handed out by those subscriptions, together. */
  eventsDelivered: number;
}

export type CountingEventStore = EventStore & { readonly counts: ReadCounts };

/**
 * A real event store that counts what its subscriptions hand out: what a start costs in
 * reads, counted rather than timed. Every other method is the wrapped store's.
 */
export function countingEventStore(inner: EventStore): CountingEventStore {
  const counts: ReadCounts = { subscriptions: [], eventsDelivered: 0 };
  const subscribeToAll = (options: SubscribeOptions = {}) => {
    counts.subscriptions.push(options.after);
    return inner.subscribeToAll(options).pipe(
      map((batch) => {
        counts.eventsDelivered += batch.events.length;
        return batch;
      }),
    );
  };
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'subscribeToAll') return subscribeToAll;
      if (property === 'counts') return counts;
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as CountingEventStore;
}

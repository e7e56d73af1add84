import type { EventBatch, EventStore, SubscribeOptions } from '@vip/platform';
import { Observable } from 'rxjs';

/** A real event store whose live subscriptions a test can end, as EventStoreDB ends them. */
export interface EndingEventStore extends EventStore {
  /** The `after` of every subscription asked for, in order. */
  readonly subscriptions: (number | undefined)[];
  /** When each subscription was asked for (performance.now()). */
  readonly subscribedAt: number[];
  /** Ends every open subscription now: the server closed it ('complete') or it failed ('error'). */
  end(how: 'complete' | 'error'): void;
  /** The next subscriptions end at once, one per entry (the server is still away). */
  refuseNext(...how: ('complete' | 'error')[]): void;
}

export function endingEventStore(inner: EventStore): EndingEventStore {
  const live = new Set<(how: 'complete' | 'error') => void>();
  const refusals: ('complete' | 'error')[] = [];
  const subscriptions: (number | undefined)[] = [];
  const subscribedAt: number[] = [];
  const subscribeToAll = (options: SubscribeOptions = {}) =>
    new Observable<EventBatch>((subscriber) => {
      subscriptions.push(options.after);
      subscribedAt.push(performance.now());
      const refusal = refusals.shift();
      if (refusal === 'error') return subscriber.error(new Error('14 UNAVAILABLE: connection refused'));
      if (refusal === 'complete') return subscriber.complete();
      // an observer of its own: handing `subscriber` itself over would make it the inner one
      const inside = inner.subscribeToAll(options).subscribe({
        next: (batch) => subscriber.next(batch),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      const end = (how: 'complete' | 'error') => {
        inside.unsubscribe();
        if (how === 'error') subscriber.error(new Error('14 UNAVAILABLE: the server restarted'));
        else subscriber.complete();
      };
      live.add(end);
      return () => {
        live.delete(end);
        inside.unsubscribe();
      };
    });
  const controls = {
    subscriptions,
    subscribedAt,
    subscribeToAll,
    end: (how: 'complete' | 'error') => {
      for (const end of [...live]) end(how);
    },
    refuseNext: (...how: ('complete' | 'error')[]) => {
      refusals.push(...how);
    },
  };
  // every other method is the wrapped store's, whatever the port grows
  return new Proxy(inner, {
    get(target, property) {
      if (property in controls) return controls[property as keyof typeof controls];
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as EndingEventStore;
}

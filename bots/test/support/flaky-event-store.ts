import type { EventBatch, EventStore, SubscribeOptions } from '@vip/platform';
import { Observable } from 'rxjs';

type Ending = 'error' | 'complete';

/** How a test breaks the subscriptions of a flaky store, and what it asked for. */
export interface FlakyControls {
  /** The `after` of every subscription asked for, in order. */
  readonly subscriptions: (number | undefined)[];
  /** When each subscription was asked for (performance.now()). */
  readonly subscribedAt: number[];
  /** Subscriptions from now on start from the beginning whatever `after` says (a store that re-delivers). */
  ignoreAfter: boolean;
  /** Ends every open subscription now. */
  breakSubscriptions(ending: Ending): void;
  /** The next subscriptions end at once (the server is still down). */
  refuseNext(...endings: Ending[]): void;
}

export type FlakyEventStore = EventStore & FlakyControls;

/**
 * A real event store whose subscriptions a test can break the way EventStoreDB breaks them:
 * the client emits an error (a server restart) or the stream just ends. Every other method
 * is the wrapped store's, whatever the port grows.
 */
export function flakyEventStore(inner: EventStore): FlakyEventStore {
  const live = new Set<(ending: Ending) => void>();
  const refusals: Ending[] = [];
  const controls: FlakyControls = {
    subscriptions: [],
    subscribedAt: [],
    ignoreAfter: false,
    breakSubscriptions: (ending) => {
      for (const end of [...live]) end(ending);
    },
    refuseNext: (...endings) => {
      refusals.push(...endings);
    },
  };
  const subscribeToAll = (options: SubscribeOptions = {}) =>
    new Observable<EventBatch>((subscriber) => {
      controls.subscriptions.push(options.after);
      controls.subscribedAt.push(performance.now());
      const refusal = refusals.shift();
      if (refusal === 'error') return subscriber.error(new Error('14 UNAVAILABLE: connection refused'));
      if (refusal === 'complete') return subscriber.complete();
      const subscription = inner
        .subscribeToAll(controls.ignoreAfter ? { ...options, after: undefined } : options)
        .subscribe({
          next: (batch) => subscriber.next(batch),
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        });
      const end = (ending: Ending) => {
        subscription.unsubscribe();
        if (ending === 'error') subscriber.error(new Error('14 UNAVAILABLE: the server restarted'));
        else subscriber.complete();
      };
      live.add(end);
      return () => {
        live.delete(end);
        subscription.unsubscribe();
      };
    });
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'subscribeToAll') return subscribeToAll;
      if (property in controls) return controls[property as keyof FlakyControls];
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, property, value) {
      if (property in controls) return Reflect.set(controls, property, value);
      return Reflect.set(target, property, value);
    },
  }) as FlakyEventStore;
}

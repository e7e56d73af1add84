import type { EventStore, ReadStreamOptions } from '@vip/platform';

/** An event store that counts what decisions read from it: the events each readStream call returned. */
export interface CountedReads {
  store: EventStore;
  /** Events returned by readStream (and readAll) since the start, or since `reset`. */
  events(): number;
  /** The calls since `reset`: which stream, with which options, how many events came back. */
  calls(): { streamId: string; options: ReadStreamOptions | undefined; events: number }[];
  reset(): void;
}

export function countingReads(inner: EventStore): CountedReads {
  let calls: { streamId: string; options: ReadStreamOptions | undefined; events: number }[] = [];
  let fromAll = 0;
  const store = new Proxy(inner, {
    get(target, property) {
      if (property === 'readStream')
        return async (streamId: string, options?: ReadStreamOptions) => {
          const events = await target.readStream(streamId, options);
          calls.push({ streamId, options, events: events.length });
          return events;
        };
      if (property === 'readAll')
        return async (...args: Parameters<EventStore['readAll']>) => {
          const events = await target.readAll(...args);
          fromAll += events.length;
          return events;
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    store,
    events: () => fromAll + calls.reduce((sum, call) => sum + call.events, 0),
    calls: () => [...calls],
    reset: () => {
      calls = [];
      fromAll = 0;
    },
  };
}

import { parseRecordedEvent, type DomainEvent } from '@vip/contracts';
import type { EventStore } from '@vip/platform';

/**
 * The current state of another stream, as an input to a decision (is the bot in this
 * server? who owns it? which plan?). Read from the log, never from a read model.
 */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  evolve: (state: State, event: Event) => State,
  initial: State,
): Promise<{ state: State; revision: number | null }> {
  const recorded = await store.readStream(streamId);
  const state = recorded.reduce((current, event) => evolve(current, parseRecordedEvent(event) as Event), initial);
  return { state, revision: recorded.length === 0 ? null : recorded.length - 1 };
}

import { currentSchemaVersion, parseRecordedEvent, type DomainEvent, type EventMetadata } from '@vip/contracts';
import { isWrongExpectedRevision, type EventStore, type NewEvent } from '@vip/platform';
import type { Decider } from './decider.ts';

export interface CommandContext {
  now: Date;
  metadata: EventMetadata;
}

export interface CommandResult<Event, State = unknown> {
  events: Event[];
  /** Position of the last event written; null when the decision produced no event. */
  position: number | null;
  /** The state the decision was made on (an answer may describe what changed, e.g. a prolonged window). */
  state: State;
}

const MAX_ATTEMPTS = 5;

/**
 * Decided events as the store records them: each carries the request's metadata and the
 * schema version it is written in, so a later version of the product knows how to upcast it.
 */
export function toNewEvents(events: readonly DomainEvent[], metadata: EventMetadata): NewEvent[] {
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: { ...metadata, schemaVersion: currentSchemaVersion(event.type) },
  }));
}

/**
 * The only place with I/O on the write side: read the stream, fold, decide, append with the
 * revision the decision was based on. A concurrent writer makes the append fail; the
 * command is then decided again on the fresher state, a bounded number of times.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<Command, State, Event>,
  streamId: string,
  command: Command,
  context: CommandContext,
): Promise<CommandResult<Event, State>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = recorded.reduce(
      (current, event) => decider.evolve(current, parseRecordedEvent(event) as Event),
      decider.initialState(),
    );
    const events = decider.decide(command, state, context.now);
    if (events.length === 0) return { events, position: null, state };
    const expected = recorded.length === 0 ? 'no_stream' : recorded.length - 1;
    try {
      const result = await store.append(streamId, toNewEvents(events, context.metadata), expected);
      return { events, position: result.position, state };
    } catch (error) {
      if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

import { currentSchemaVersion, type DomainEvent, type EventMetadata, type ProjectionName } from '@vip/contracts';
import {
  isWrongExpectedRevision,
  waitForProjection,
  type EventStore,
  type NewEvent,
  type ReadStore,
} from '@vip/platform';
import type { Decider } from './decider.ts';
import { loadState } from './load-state.ts';

export interface CommandContext {
  now: Date;
  metadata: EventMetadata;
}

/** Where commands are read and written; without a read store nothing waits for a projection (a CLI). */
export interface CommandStores {
  eventStore: EventStore;
  readStore?: ReadStore;
}

export interface CommandResult<Event, State> {
  events: Event[];
  /** Position of the last event written; null when the decision produced no event. */
  position: number | null;
  /** Revision of the stream after the append (visits count themselves with it); null when nothing was written. */
  revision: number | null;
  /** The state the decision was made on (an answer may describe what changed, e.g. a prolonged window). */
  state: State;
}

/** How one command runs, beyond read → decide → append. */
export interface CommandRun<Command, State, Event> {
  /**
   * Decide on the initial state without reading the stream: `new` for a fresh random id (the
   * append with `no_stream` proves it is new), `any` for a decision no history can refuse.
   */
  withoutReading?: 'new' | 'any';
  /** Before a retry: the command again, with its inputs from other streams read afresh. */
  refresh?: (command: Command) => Promise<Command>;
  /** After each decision, before its append: a step on another stream (a server's claim). */
  beforeAppend?: (events: Event[], state: State) => Promise<void>;
}

export type CommandHandler<Command, State, Event> = (
  stores: CommandStores,
  command: Command,
  context: CommandContext,
  run?: CommandRun<Command, State, Event>,
) => Promise<CommandResult<Event, State>>;

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
 * The one way a command runs (oskardudycz's command handler, built once per decider): read
 * the stream, fold, decide, append at the revision the decision was based on. A concurrent
 * writer makes the append fail; the command is then decided again on the fresher state, a
 * bounded number of times. With `readYourWrites` the answer waits until that projection has
 * applied the events, for callers that read their change back at once.
 */
export function commandHandlerFor<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
  streamOf: (command: Command) => string,
  options: { readYourWrites?: ProjectionName } = {},
): CommandHandler<Command, State, Event> {
  return async ({ eventStore, readStore }, command, context, run = {}) => {
    const streamId = streamOf(command);
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && run.refresh) command = await run.refresh(command);
      const { state, revision } =
        run.withoutReading && attempt === 1
          ? { state: decider.initialState(), revision: null }
          : await loadState(eventStore, streamId, decider.evolve, decider.initialState());
      const events = decider.decide(command, state, context.now);
      if (events.length === 0) return { events, position: null, revision: null, state };
      await run.beforeAppend?.(events, state);
      const expected = run.withoutReading === 'any' ? 'any' : (revision ?? 'no_stream');
      let written: { position: number; nextRevision: number };
      try {
        written = await eventStore.append(streamId, toNewEvents(events, context.metadata), expected);
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
        continue;
      }
      if (options.readYourWrites && readStore)
        await waitForProjection(readStore, options.readYourWrites, written.position);
      return { events, position: written.position, revision: written.nextRevision, state };
    }
  };
}

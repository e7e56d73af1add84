import {
  currentSchemaVersion,
  type DomainEvent,
  type EventMetadata,
  errorCodes,
  errorTexts,
  type ProjectionName,
} from '@vip/contracts';
import {
  DomainError,
  isWrongExpectedRevision,
  type Logger,
  type Metrics,
  type NewEvent,
  type ReadStore,
  waitForProjection,
} from '@vip/platform';
import type { Decider } from './decider.ts';
import { type FoldStores, loadFold } from './load-state.ts';

export interface CommandContext {
  now: Date;
  metadata: EventMetadata;
}

/**
 * Where commands are read and written, and where they are counted. Without a read store
 * nothing waits for a projection, without a snapshot store long streams are read whole (a CLI).
 */
export interface CommandStores extends FoldStores {
  readStore?: ReadStore;
  metrics?: Metrics;
  logger?: Logger;
}

export interface CommandResult<Event, State> {
  events: Event[];
  /** Position of the last event written; null when the decision produced no event. */
  position: number | null;
  /** The state the decision was made on (an answer may describe what changed, e.g. a prolonged window). */
  state: State;
}

/** How one call runs, beyond read → decide → append. */
export interface CommandRun<Command, State, Event> {
  /** `new`: a fresh random id, decided on the initial state without a read; the append with `no_stream` proves it new. */
  withoutReading?: 'new';
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

/**
 * The answer waits until `projection` has applied the events: the caller reads its change back
 * at once. `ifLate` says what happens when it has not after the wait, and each handler chooses:
 * - `refuse`: 503 with Retry-After, because the answer would not be true (a token no service
 *   knows yet, a session said to be over that still works). The events stay in the log.
 * - `answer`: the change is in the log and a retry would make it twice (a second
 *   announcement), so the answer goes out, late; the screen's next read shows it.
 * Both are counted (vip_read_your_writes_late_total) and logged.
 */
export interface ReadYourWrites<Command extends { type: string }> {
  projection: ProjectionName;
  ifLate: 'refuse' | 'answer';
  /** Only these command types wait; the others answer once their events are in the log. */
  only?: readonly Command['type'][];
}

export interface HandlerOptions<Command extends { type: string }> {
  readYourWrites?: ReadYourWrites<Command>;
}

const MAX_ATTEMPTS = 5;
/** Retries after a concurrent writer wait a random time below this, doubled per attempt ("full jitter"). */
const FIRST_BACKOFF_MS = 10;
const MAX_BACKOFF_MS = 200;
const RETRY_AFTER_SECONDS = 1;

/** Not now, soon: the answer says when to try again (503, Retry-After). */
export class RetryLater extends DomainError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor() {
    super('unavailable', errorTexts.busy, errorCodes.unavailable);
  }
}

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
 * The one way a command runs (oskardudycz's `core/commandHandling.ts`), built once per
 * decider: read the stream as the decider's fold says (decider.ts), decide, append at the
 * revision the decision was based on. A concurrent writer makes the append fail; the command
 * is then decided again on the fresher state, after a short random pause so that writers
 * racing for one stream spread out, a bounded number of times; then 503, never a 500.
 */
export function commandHandlerFor<Command extends { type: string }, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
  streamOf: (command: Command) => string,
  options: HandlerOptions<Command> = {},
): CommandHandler<Command, State, Event> {
  return async (stores, command, context, run = {}) => {
    const streamId = streamOf(command);
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && run.refresh) command = await run.refresh(command);
      const { state, revision } =
        run.withoutReading === 'new' && attempt === 1
          ? { state: decider.initialState(), revision: null }
          : await loadFold(stores, streamId, decider);
      const events = decider.decide(command, state, context.now);
      if (events.length === 0) return { events, position: null, state };
      await run.beforeAppend?.(events, state);
      // telemetry read from its last event is written at any revision: a race costs a duplicate, not a retry
      const telemetry = decider.reading?.kind === 'last-event' && decider.reading.race !== 'retry';
      const expected = telemetry ? 'any' : (revision ?? 'no_stream');
      let position: number;
      try {
        ({ position } = await stores.eventStore.append(streamId, toNewEvents(events, context.metadata), expected));
      } catch (error) {
        if (!isWrongExpectedRevision(error)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          stores.metrics?.busyStreams.inc({ command: command.type });
          stores.logger?.warn({ streamId, command: command.type, attempts: attempt }, 'stream too busy: answered 503');
          throw new RetryLater();
        }
        await backoff(attempt);
        continue;
      }
      await waitForReaders(stores, options.readYourWrites, command, position);
      return { events, position, state };
    }
  };
}

const backoff = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1))),
  );

async function waitForReaders<Command extends { type: string }>(
  { readStore, metrics, logger }: CommandStores,
  wait: ReadYourWrites<Command> | undefined,
  command: Command,
  position: number,
): Promise<void> {
  if (!wait || !readStore || (wait.only && !wait.only.includes(command.type))) return;
  if (await waitForProjection(readStore, wait.projection, position)) return;
  const outcome = wait.ifLate === 'refuse' ? 'refused' : 'answered';
  metrics?.readYourWritesLate.inc({ projection: wait.projection, outcome });
  logger?.warn(
    { projection: wait.projection, command: command.type, position, outcome },
    'projection behind the answer',
  );
  if (wait.ifLate === 'refuse') throw new RetryLater();
}

import type { DomainEvent } from '@vip/contracts';

/**
 * How a decision reads a stream that grows without a business bound (docs/architecture.md
 * "Growth"); a stream with one (a key, a link, a session) is simply read whole.
 * - `snapshot`: long by nature (a server's facts over years, a member's redemptions): folded
 *   from a snapshot of the state, so a read covers only the events since. `version` is the
 *   shape of the state: raise it when the state changes shape, and older snapshots are ignored.
 *   The state must survive JSON (plain objects, arrays, strings, numbers).
 * - `last-event`: a stream whose newest event states all a decision needs (a member count, a
 *   server's open VIP role problem): one event is read, newest first. Telemetry is appended at
 *   whatever revision the stream has reached by then (a concurrent report costs a duplicate,
 *   never a retry); with `race: 'retry'` it is appended at the revision read, and a concurrent
 *   writer makes it decide again, as a stream read whole does.
 */
export type StreamReading = { kind: 'snapshot'; version: number } | { kind: 'last-event'; race?: 'retry' };

/** A stream's state, folded from its events. */
export interface Fold<State, Event extends DomainEvent> {
  evolve(state: State, event: Event): State;
  initialState(): State;
  reading?: StreamReading;
}

/**
 * The pure heart of the write side (oskardudycz's decider): no I/O, no clock, no randomness.
 * Time comes in as `now`; ids and random values come in on the command.
 */
export interface Decider<Command, State, Event extends DomainEvent> extends Fold<State, Event> {
  decide(command: Command, state: State, now: Date): Event[];
}

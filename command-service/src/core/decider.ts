import type { DomainEvent } from '@vip/contracts';

/**
 * The pure heart of the write side (oskardudycz's decider): no I/O, no clock, no randomness.
 * Time comes in as `now`; ids and random values come in on the command.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  decide(command: Command, state: State, now: Date): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

import { errorCodes, suspensionTexts, type EventOf } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

/** Stream `suspension-<guildId>`: an admin's suspension of one server, and its lifting. */
export const suspensionStream = (guildId: string) => `suspension-${guildId}`;

export type SuspensionEvent = EventOf<'ServerSuspended' | 'ServerSuspensionLifted'>;

export type SuspensionCommand =
  | { type: 'SuspendServer'; guildId: string; reason: string }
  | { type: 'LiftSuspension'; guildId: string };

export interface SuspensionState {
  /** null while the server is not suspended. */
  reason: string | null;
}

export const initialSuspensionState = (): SuspensionState => ({ reason: null });

export function evolveSuspension(_state: SuspensionState, event: SuspensionEvent): SuspensionState {
  switch (event.type) {
    case 'ServerSuspended':
      return { reason: event.data.reason };
    case 'ServerSuspensionLifted':
      return { reason: null };
  }
}

export const suspensionDecider: Decider<SuspensionCommand, SuspensionState, SuspensionEvent> = {
  initialState: initialSuspensionState,
  evolve: evolveSuspension,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'SuspendServer':
        // suspending twice would bury the first reason under a second one: lift it first
        if (state.reason !== null)
          throw new DomainError('conflict', suspensionTexts.alreadySuspended, errorCodes.alreadySuspended);
        return [
          {
            type: 'ServerSuspended',
            data: { guildId: command.guildId, reason: command.reason, suspendedAt: now.toISOString() },
          },
        ];
      case 'LiftSuspension':
        if (state.reason === null)
          throw new DomainError('conflict', suspensionTexts.notSuspended, errorCodes.notSuspended);
        return [{ type: 'ServerSuspensionLifted', data: { guildId: command.guildId, liftedAt: now.toISOString() } }];
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

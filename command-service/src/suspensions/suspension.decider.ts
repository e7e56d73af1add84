import { errorCodes, suspensionTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  evolveSuspension,
  initialSuspensionState,
  type SuspensionEvent,
  type SuspensionState,
} from './suspension.state.ts';

export type SuspensionCommand =
  | { type: 'SuspendServer'; guildId: string; reason: string }
  | { type: 'LiftSuspension'; guildId: string };

/** The 403 every visitor-facing call about a suspended server answers: the Restricted screen's words. */
export const serverSuspendedError = () =>
  new DomainError('forbidden', suspensionTexts.restricted, errorCodes.serverSuspended);

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

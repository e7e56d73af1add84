import { discordTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  type DiscordReservationEvent,
  type DiscordReservationState,
  evolveDiscordReservation,
  initialDiscordReservationState,
} from './discord-reservation.state.ts';

export type DiscordReservationCommand =
  | { type: 'ReserveDiscordAccount'; discordUserId: string; userId: string }
  | { type: 'FreeDiscordAccount'; discordUserId: string; userId: string };
/**
 * Uniqueness of a Discord account across panel users, kept by its own stream (appended with
 * no_stream the first time, at its revision after), never by asking a read model. Reserving
 * for the holder again and freeing what one does not hold are no-ops, so a retried or
 * compensating step can run twice.
 */
export const discordReservationDecider: Decider<
  DiscordReservationCommand,
  DiscordReservationState,
  DiscordReservationEvent
> = {
  initialState: initialDiscordReservationState,
  evolve: evolveDiscordReservation,
  decide: (command, state, now) => {
    const { discordUserId, userId } = command;
    switch (command.type) {
      case 'ReserveDiscordAccount':
        if (state.userId === userId) return [];
        if (state.userId !== null)
          throw new DomainError('conflict', discordTexts.accountTaken, errorCodes.discordAccountTaken);
        return [{ type: 'DiscordAccountReserved', data: { discordUserId, userId, reservedAt: now.toISOString() } }];
      case 'FreeDiscordAccount':
        if (state.userId !== userId) return [];
        return [{ type: 'DiscordAccountFreed', data: { discordUserId, userId, freedAt: now.toISOString() } }];
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

import { serverTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  evolveServerOwner,
  initialServerOwnerState,
  type ServerOwnerEvent,
  type ServerOwnerState,
} from './server-owner.state.ts';

export type ServerOwnerCommand =
  | { type: 'ClaimServer'; guildId: string; userId: string }
  | { type: 'ReleaseServer'; guildId: string; userId: string };

/**
 * The reservation that keeps a server with one subscriber. Claiming one's own server again
 * and releasing a server one does not hold are no-ops, so a retried or compensating step
 * can always run twice.
 */
export const serverOwnerDecider: Decider<ServerOwnerCommand, ServerOwnerState, ServerOwnerEvent> = {
  initialState: initialServerOwnerState,
  evolve: evolveServerOwner,
  decide: (command, state, now) => {
    const { guildId, userId } = command;
    switch (command.type) {
      case 'ClaimServer':
        if (state.ownerId === userId) return [];
        if (state.ownerId !== null)
          throw new DomainError('conflict', serverTexts.claimedByAnother, errorCodes.serverClaimed);
        return [{ type: 'ServerClaimed', data: { guildId, userId, claimedAt: now.toISOString() } }];
      case 'ReleaseServer':
        if (state.ownerId !== userId) return [];
        return [{ type: 'ServerReleased', data: { guildId, userId, releasedAt: now.toISOString() } }];
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

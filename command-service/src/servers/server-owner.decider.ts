import { errorCodes, serverTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  evolveServerOwner,
  initialServerOwnerState,
  type ServerOwnerEvent,
  type ServerOwnerState,
} from './server-owner.state.ts';

export type ServerOwnerCommand =
  /** `discordUserId`: the linked account that proved the subscriber manages the server. */
  | { type: 'ClaimServer'; guildId: string; userId: string; discordUserId: string }
  | { type: 'VerifyClaim'; guildId: string; userId: string; discordUserId: string }
  /** The account that proved the claim no longer does (unlinked, or no longer a manager). */
  | {
      type: 'UnverifyClaim';
      guildId: string;
      userId: string;
      discordUserId: string;
      reason: 'account-unlinked' | 'management-lapsed';
    }
  | { type: 'ReleaseServer'; guildId: string; userId: string; reason: string | null };

/**
 * The reservation that keeps a server with one subscriber (decisions.md §9). A claim needs
 * proof of management; a subscriber with proof takes a server over from an unverified
 * claimer, never from a verified one. Claiming one's own server again, verifying a claim
 * that is verified or not one's own, unverifying a claim another account proved, and
 * releasing a server one does not hold are no-ops,
 * so a retried or compensating step can always run twice.
 */
export const serverOwnerDecider: Decider<ServerOwnerCommand, ServerOwnerState, ServerOwnerEvent> = {
  initialState: initialServerOwnerState,
  evolve: evolveServerOwner,
  decide: (command, state, now) => {
    const at = now.toISOString();
    switch (command.type) {
      case 'ClaimServer': {
        const { guildId, userId, discordUserId } = command;
        if (state.ownerId === userId) return serverOwnerDecider.decide({ ...command, type: 'VerifyClaim' }, state, now);
        if (state.ownerId === null)
          return [{ type: 'ServerClaimed', data: { guildId, userId, claimedAt: at, discordUserId } }];
        if (state.provenBy !== null)
          throw new DomainError('conflict', serverTexts.claimedByAnother, errorCodes.serverClaimed);
        return [
          {
            type: 'ServerTakenOver',
            data: { guildId, userId, discordUserId, previousUserId: state.ownerId, takenOverAt: at },
          },
        ];
      }
      case 'VerifyClaim': {
        const { guildId, userId, discordUserId } = command;
        if (state.ownerId !== userId || state.provenBy !== null) return [];
        return [{ type: 'ServerClaimVerified', data: { guildId, userId, discordUserId, verifiedAt: at } }];
      }
      case 'UnverifyClaim': {
        const { guildId, userId, discordUserId, reason } = command;
        // only a claim of this holder that this very account proved: a newer proof stands
        if (state.ownerId !== userId || state.provenBy !== discordUserId) return [];
        return [{ type: 'ServerClaimUnverified', data: { guildId, userId, discordUserId, reason, unverifiedAt: at } }];
      }
      case 'ReleaseServer': {
        const { guildId, userId, reason } = command;
        if (state.ownerId !== userId) return [];
        return [{ type: 'ServerReleased', data: { guildId, userId, releasedAt: at, reason } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

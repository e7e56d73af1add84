import { discordTexts, errorCodes, serverTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import type { ServerOwnerState } from './server-owner.state.ts';
import {
  evolveUserServers,
  initialUserServersState,
  type UserServersEvent,
  type UserServersState,
} from './user-servers.state.ts';

/** The subscriber's linked Discord account, when it has been seen managing the server; else null. */
export type ManagementProofInput = { discordUserId: string } | null;

/**
 * Inputs from other streams come in on the command: the slots of the subscriber's plan
 * (`subscription-<userId>`), the server's current owner (`server-owner-<guildId>`) and the
 * proof that the subscriber manages it (`discord-link-<userId>`).
 */
export type UserServersCommand =
  | {
      type: 'AddServer';
      userId: string;
      guildId: string;
      maxSlots: number;
      owner: ServerOwnerState;
      proof: ManagementProofInput;
    }
  | {
      type: 'ChangeServer';
      userId: string;
      oldGuildId: string;
      newGuildId: string;
      newOwner: ServerOwnerState;
      proof: ManagementProofInput;
    }
  | { type: 'RemoveServer'; userId: string; guildId: string; cause: 'taken-over' | 'released' };

/** decisions.md §9: only someone whose linked Discord account manages the server may put it in a slot. */
function requireProof(proof: ManagementProofInput): void {
  if (proof === null) throw new DomainError('forbidden', discordTexts.proveManagement, errorCodes.managementUnproven);
}

/** Another subscriber's verified claim; an unverified one is taken over by the claim step. */
function refuseTakenServer(userId: string, owner: ServerOwnerState): void {
  if (owner.ownerId !== null && owner.ownerId !== userId && owner.provenBy !== null)
    throw new DomainError('conflict', serverTexts.claimedByAnother, errorCodes.serverClaimed);
}

export const userServersDecider: Decider<UserServersCommand, UserServersState, UserServersEvent> = {
  initialState: initialUserServersState,
  evolve: evolveUserServers,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'AddServer': {
        const { userId, guildId, maxSlots, owner, proof } = command;
        if (state.servers.includes(guildId))
          throw new DomainError('conflict', serverTexts.alreadyInList, errorCodes.alreadyInList);
        requireProof(proof);
        refuseTakenServer(userId, owner);
        if (state.servers.length >= maxSlots)
          throw new DomainError('conflict', serverTexts.maxServers(maxSlots), errorCodes.maxServers);
        return [{ type: 'SubscriberServerAdded', data: { userId, guildId, addedAt: now.toISOString() } }];
      }
      case 'ChangeServer': {
        const { userId, oldGuildId, newGuildId, newOwner, proof } = command;
        if (!state.servers.includes(oldGuildId))
          throw new DomainError('not_found', serverTexts.notInList, errorCodes.notInList);
        if (state.servers.includes(newGuildId))
          throw new DomainError('conflict', serverTexts.alreadyInList, errorCodes.alreadyInList);
        requireProof(proof);
        refuseTakenServer(userId, newOwner);
        return [
          { type: 'SubscriberServerChanged', data: { userId, oldGuildId, newGuildId, changedAt: now.toISOString() } },
        ];
      }
      case 'RemoveServer': {
        const { userId, guildId, cause } = command;
        if (!state.servers.includes(guildId)) return [];
        return [{ type: 'SubscriberServerRemoved', data: { userId, guildId, cause, removedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

import { serverTexts, type EventOf, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

/** Stream `user-servers-<userId>`: the servers in a subscriber's slots. */
export const userServersStream = (userId: string) => `user-servers-${userId}`;

export type UserServersEvent = EventOf<'SubscriberServerAdded' | 'SubscriberServerChanged'>;

export interface UserServersState {
  servers: string[];
}

/**
 * Inputs from other streams come in on the command: the slots of the subscriber's plan
 * (`subscription-<userId>`) and the server's current owner (`server-owner-<guildId>`).
 */
export type UserServersCommand =
  | { type: 'AddServer'; userId: string; guildId: string; maxSlots: number; ownerId: string | null }
  | { type: 'ChangeServer'; userId: string; oldGuildId: string; newGuildId: string; newOwnerId: string | null };

export const initialUserServersState = (): UserServersState => ({ servers: [] });

export function evolveUserServers(state: UserServersState, event: UserServersEvent): UserServersState {
  switch (event.type) {
    case 'SubscriberServerAdded':
      return state.servers.includes(event.data.guildId) ? state : { servers: [...state.servers, event.data.guildId] };
    case 'SubscriberServerChanged': {
      const { oldGuildId, newGuildId } = event.data;
      return { servers: state.servers.map((id) => (id === oldGuildId ? newGuildId : id)) };
    }
  }
}

function refuseTakenServer(userId: string, ownerId: string | null): void {
  if (ownerId !== null && ownerId !== userId)
    throw new DomainError('conflict', serverTexts.claimedByAnother, errorCodes.serverClaimed);
}

export const userServersDecider: Decider<UserServersCommand, UserServersState, UserServersEvent> = {
  initialState: initialUserServersState,
  evolve: evolveUserServers,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'AddServer': {
        const { userId, guildId, maxSlots, ownerId } = command;
        if (state.servers.includes(guildId))
          throw new DomainError('conflict', serverTexts.alreadyInList, errorCodes.alreadyInList);
        refuseTakenServer(userId, ownerId);
        if (state.servers.length >= maxSlots)
          throw new DomainError('conflict', serverTexts.maxServers(maxSlots), errorCodes.maxServers);
        return [{ type: 'SubscriberServerAdded', data: { userId, guildId, addedAt: now.toISOString() } }];
      }
      case 'ChangeServer': {
        const { userId, oldGuildId, newGuildId, newOwnerId } = command;
        if (!state.servers.includes(oldGuildId))
          throw new DomainError('not_found', serverTexts.notInList, errorCodes.notInList);
        if (state.servers.includes(newGuildId))
          throw new DomainError('conflict', serverTexts.alreadyInList, errorCodes.alreadyInList);
        refuseTakenServer(userId, newOwnerId);
        return [
          { type: 'SubscriberServerChanged', data: { userId, oldGuildId, newGuildId, changedAt: now.toISOString() } },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

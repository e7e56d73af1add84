import type { EventOf } from '@vip/contracts';

/** Stream `server-owner-<guildId>`: the reservation that gives a server to one subscriber. */
export const serverOwnerStream = (guildId: string) => `server-owner-${guildId}`;

export type ServerOwnerEvent = EventOf<'ServerClaimed' | 'ServerReleased'>;
export interface ServerOwnerState {
  ownerId: string | null;
}

export const initialServerOwnerState = (): ServerOwnerState => ({ ownerId: null });

export function evolveServerOwner(_state: ServerOwnerState, event: ServerOwnerEvent): ServerOwnerState {
  switch (event.type) {
    case 'ServerClaimed':
      return { ownerId: event.data.userId };
    case 'ServerReleased':
      return { ownerId: null };
  }
}

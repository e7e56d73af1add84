import type { EventOf } from '@vip/contracts';

/** Stream `server-owner-<guildId>`: the reservation that gives a server to one subscriber. */
export const serverOwnerStream = (guildId: string) => `server-owner-${guildId}`;

export type ServerOwnerEvent = EventOf<
  'ServerClaimed' | 'ServerReleased' | 'ServerTakenOver' | 'ServerClaimVerified' | 'ServerClaimUnverified'
>;
export interface ServerOwnerState {
  ownerId: string | null;
  /**
   * The Discord account that proved the owner manages the server; null while the claim is
   * unverified (made before proof existed, decisions.md §9) or when nobody holds it.
   */
  provenBy: string | null;
}

export const initialServerOwnerState = (): ServerOwnerState => ({ ownerId: null, provenBy: null });

export function evolveServerOwner(state: ServerOwnerState, event: ServerOwnerEvent): ServerOwnerState {
  switch (event.type) {
    case 'ServerClaimed':
      return { ownerId: event.data.userId, provenBy: event.data.discordUserId };
    case 'ServerTakenOver':
      return { ownerId: event.data.userId, provenBy: event.data.discordUserId };
    case 'ServerClaimVerified':
      return { ...state, provenBy: event.data.discordUserId };
    case 'ServerClaimUnverified':
      return { ...state, provenBy: null };
    case 'ServerReleased':
      return { ownerId: null, provenBy: null };
  }
}

/** Whether the server has an owner who proved they manage it: the bot acts only on such an owner's settings. */
export const hasVerifiedOwner = (state: ServerOwnerState): boolean => state.ownerId !== null && state.provenBy !== null;

import type { EventOf, ManagementProof } from '@vip/contracts';

/** Stream `discord-link-<userId>`: the panel user's Discord account and the servers it manages. */
export const discordLinkStream = (userId: string) => `discord-link-${userId}`;

export type DiscordLinkEvent = EventOf<
  | 'DiscordAccountLinked'
  | 'DiscordProfileRefreshed'
  | 'DiscordAccountUnlinked'
  | 'ServerManagementProven'
  | 'ServerManagementLapsed'
>;

export interface ManagedServerFact {
  name: string;
  icon: string | null;
  via: ManagementProof;
}

export interface DiscordLinkState {
  /** null while no account is linked (never linked, or unlinked). */
  discordUserId: string | null;
  username: string | null;
  avatar: string | null;
  /** The servers the linked account was last seen managing; emptied when it is unlinked. */
  managed: Record<string, ManagedServerFact>;
}

export const initialDiscordLinkState = (): DiscordLinkState => ({
  discordUserId: null,
  username: null,
  avatar: null,
  managed: {},
});

export function evolveDiscordLink(state: DiscordLinkState, event: DiscordLinkEvent): DiscordLinkState {
  switch (event.type) {
    case 'DiscordAccountLinked': {
      const { discordUserId, username, avatar } = event.data;
      return { discordUserId, username, avatar, managed: {} };
    }
    case 'DiscordProfileRefreshed':
      return { ...state, username: event.data.username, avatar: event.data.avatar };
    case 'DiscordAccountUnlinked':
      return initialDiscordLinkState();
    case 'ServerManagementProven': {
      const { guildId, name, icon, via } = event.data;
      return { ...state, managed: { ...state.managed, [guildId]: { name, icon, via } } };
    }
    case 'ServerManagementLapsed': {
      if (!Object.hasOwn(state.managed, event.data.guildId)) return state;
      const { [event.data.guildId]: _lapsed, ...managed } = state.managed;
      return { ...state, managed };
    }
  }
}

/**
 * The proof a decision needs: the linked account, when it manages the server. Null when no
 * account is linked or it has not been seen managing that server.
 */
export function proofFor(state: DiscordLinkState, guildId: string): { discordUserId: string } | null {
  if (state.discordUserId === null || !Object.hasOwn(state.managed, guildId)) return null;
  return { discordUserId: state.discordUserId };
}

import { type DiscordLinkWay, discordTexts, errorCodes, type ManagementProof } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  type DiscordLinkEvent,
  type DiscordLinkState,
  evolveDiscordLink,
  initialDiscordLinkState,
} from './discord-link.state.ts';

/** A Discord account as Discord describes it (OAuth's /users/@me, an interaction's member). */
export interface DiscordProfile {
  discordUserId: string;
  username: string;
  avatar: string | null;
}

export interface ServerSeen {
  guildId: string;
  name: string;
  icon: string | null;
}

export type DiscordLinkCommand =
  | { type: 'LinkAccount'; userId: string; account: DiscordProfile; via: DiscordLinkWay }
  | {
      type: 'ProveManagement';
      userId: string;
      discordUserId: string;
      /** Servers the account manages, as Discord showed them now. */
      servers: ServerSeen[];
      via: ManagementProof;
      /** true for OAuth's whole guild list: a server proven before and missing now has lapsed. */
      complete: boolean;
    }
  | { type: 'UnlinkAccount'; userId: string; reason: string };

/**
 * A panel user's Discord account and what it manages. A user has one account at a time;
 * linking the same account again only refreshes its name and avatar, and proving a server
 * again appends nothing unless Discord shows it differently.
 */
export const discordLinkDecider: Decider<DiscordLinkCommand, DiscordLinkState, DiscordLinkEvent> = {
  initialState: initialDiscordLinkState,
  evolve: evolveDiscordLink,
  decide: (command, state, now) => {
    const at = now.toISOString();
    switch (command.type) {
      case 'LinkAccount': {
        const { userId, account, via } = command;
        const { discordUserId, username, avatar } = account;
        if (state.discordUserId === null)
          return [
            { type: 'DiscordAccountLinked', data: { userId, discordUserId, username, avatar, via, linkedAt: at } },
          ];
        if (state.discordUserId !== discordUserId)
          throw new DomainError('conflict', discordTexts.alreadyLinked, errorCodes.discordAlreadyLinked);
        if (state.username === username && state.avatar === avatar) return [];
        return [
          { type: 'DiscordProfileRefreshed', data: { userId, discordUserId, username, avatar, refreshedAt: at } },
        ];
      }
      case 'ProveManagement': {
        const { userId, discordUserId, servers, via, complete } = command;
        // the account was unlinked (or replaced) since the caller looked
        if (state.discordUserId !== discordUserId)
          throw new DomainError('conflict', discordTexts.notLinked, errorCodes.discordNotLinked);
        const events: DiscordLinkEvent[] = [];
        for (const { guildId, name, icon } of servers) {
          const known = state.managed[guildId];
          if (known && known.name === name && known.icon === icon) continue;
          events.push({
            type: 'ServerManagementProven',
            data: { userId, discordUserId, guildId, name, icon, via, provenAt: at },
          });
        }
        if (complete) {
          const seen = new Set(servers.map((server) => server.guildId));
          for (const guildId of Object.keys(state.managed)) {
            if (!seen.has(guildId))
              events.push({ type: 'ServerManagementLapsed', data: { userId, discordUserId, guildId, lapsedAt: at } });
          }
        }
        return events;
      }
      case 'UnlinkAccount': {
        if (state.discordUserId === null)
          throw new DomainError('not_found', discordTexts.notLinkedForUser, errorCodes.discordNotLinked);
        const { userId, reason } = command;
        return [
          {
            type: 'DiscordAccountUnlinked',
            data: { userId, discordUserId: state.discordUserId, reason, unlinkedAt: at },
          },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

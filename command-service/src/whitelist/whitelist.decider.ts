import {
  whitelistDurationDays,
  whitelistTexts,
  type EventOf,
  type WhitelistDuration,
  errorCodes,
} from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';

const DAY_MS = 24 * 3600_000;

/** Stream `whitelist-<guildId>-<discordUserId>`: one member on one server. */
export const whitelistStream = (guildId: string, userId: string) => `whitelist-${guildId}-${userId}`;

export type WhitelistEvent = EventOf<'WhitelistEntryAdded' | 'WhitelistEntryRemoved'>;

export type WhitelistCommand =
  | { type: 'AddWhitelistEntry'; userId: string; guildId: string; duration: WhitelistDuration }
  | { type: 'RemoveWhitelistEntry'; userId: string; guildId: string };

export interface WhitelistState {
  listed: boolean;
  duration: WhitelistDuration | null;
  expiresAt: string | null;
}

/** When an entry added at `addedAt` for `duration` runs out; null for lifetime. */
export function whitelistExpiry(duration: WhitelistDuration, addedAt: Date): string | null {
  const days = whitelistDurationDays[duration];
  return days === null ? null : new Date(addedAt.getTime() + days * DAY_MS).toISOString();
}

export const whitelistDecider: Decider<WhitelistCommand, WhitelistState, WhitelistEvent> = {
  initialState: () => ({ listed: false, duration: null, expiresAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'WhitelistEntryAdded':
        return { listed: true, duration: event.data.duration, expiresAt: event.data.expiresAt };
      case 'WhitelistEntryRemoved':
        return { listed: false, duration: null, expiresAt: null };
    }
    return state;
  },
  decide: (command, state, now) => {
    switch (command.type) {
      // adding a listed member again renews the entry: the new duration counts from now
      case 'AddWhitelistEntry': {
        const { userId, guildId, duration } = command;
        return [
          {
            type: 'WhitelistEntryAdded',
            data: { userId, guildId, duration, expiresAt: whitelistExpiry(duration, now), addedAt: now.toISOString() },
          },
        ];
      }
      case 'RemoveWhitelistEntry': {
        // an expired entry can still be removed: it stays in the manager's data until it is
        if (!state.listed)
          throw new DomainError('not_found', whitelistTexts.entryNotFound, errorCodes.whitelistEntryNotFound);
        const { userId, guildId } = command;
        return [{ type: 'WhitelistEntryRemoved', data: { userId, guildId, removedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

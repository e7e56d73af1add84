import { errorCodes, type WhitelistDuration, whitelistDurationDays, whitelistTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  entryStands,
  evolveWhitelist,
  initialWhitelistState,
  type WhitelistEvent,
  type WhitelistState,
} from './whitelist.state.ts';

const DAY_MS = 24 * 3600_000;

export type WhitelistCommand =
  /** `days` with duration `days` only. */
  | { type: 'AddWhitelistEntry'; userId: string; guildId: string; duration: WhitelistDuration; days: number | null }
  | { type: 'RemoveWhitelistEntry'; userId: string; guildId: string }
  /** The key bot settled an ended entry: the role is gone (or was left to a key window). */
  | { type: 'SettleWhitelistRole'; userId: string; guildId: string };

/** When an entry added at `addedAt` runs out; null for lifetime. */
export function whitelistExpiry(duration: WhitelistDuration, days: number | null, addedAt: Date): string | null {
  const length = duration === 'days' ? days : whitelistDurationDays[duration];
  if (duration === 'days' && (length === null || length <= 0)) throw new Error('a days entry needs its number of days');
  return length === null ? null : new Date(addedAt.getTime() + length * DAY_MS).toISOString();
}

export const whitelistDecider: Decider<WhitelistCommand, WhitelistState, WhitelistEvent> = {
  initialState: initialWhitelistState,
  evolve: evolveWhitelist,
  decide: (command, state, now) => {
    switch (command.type) {
      // adding a listed member again renews the entry: the new duration counts from now
      case 'AddWhitelistEntry': {
        const { userId, guildId, duration, days } = command;
        return [
          {
            type: 'WhitelistEntryAdded',
            data: {
              userId,
              guildId,
              duration,
              expiresAt: whitelistExpiry(duration, days, now),
              addedAt: now.toISOString(),
            },
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
      case 'SettleWhitelistRole': {
        // a repeated report, or the entry stands again (renewed meanwhile): nothing is owed
        if (state.settled || entryStands(state, now)) return [];
        const { userId, guildId } = command;
        return [{ type: 'WhitelistRoleRemoved', data: { userId, guildId, removedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

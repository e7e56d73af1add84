import type { Decider } from '../core/decider.ts';
import { openWindowEnd, type VipRoleEvent, type VipRoleState, vipRoleFold } from './vip-role.state.ts';

export type VipRoleCommand =
  | {
      type: 'GrantVipRole';
      guildId: string;
      discordUserId: string;
      keyDigest: string;
      /** When the key stream recorded the redemption, if an earlier request did; null: this one. */
      redeemedAt: string | null;
      minutes: number;
      /** The window ends no further than this from now (VIP_MAX_HOURS). */
      maxHours: number;
    }
  /** `until`: the end of the window the bot took the role away for (absent: whichever is open). */
  | { type: 'RemoveVipRole'; guildId: string; discordUserId: string; until?: string }
  /** The member asked to be erased: an open window ends now, and the bot takes the role back. */
  | { type: 'EndVipWindow'; guildId: string; discordUserId: string };

/** Each key adds its VIP time to the window's end (from now when none is open), up to the cap from now; never shortens it. */
export function extendedWindow(state: VipRoleState, now: Date, minutes: number, maxHours: number) {
  const end = openWindowEnd(state, now);
  const wanted = (end ?? now.getTime()) + minutes * 60_000;
  const cap = now.getTime() + maxHours * 3_600_000;
  return { until: new Date(Math.max(end ?? 0, Math.min(wanted, cap))).toISOString(), capped: wanted > cap };
}

export const vipRoleDecider: Decider<VipRoleCommand, VipRoleState, VipRoleEvent> = {
  ...vipRoleFold,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'GrantVipRole': {
        if (Object.hasOwn(state.grants, command.keyDigest)) return [];
        // redeemed by an earlier request whose grant is forgotten (or was lost, and its window is over)
        const { redeemedAt } = command;
        if (
          redeemedAt !== null &&
          state.settledUpTo !== null &&
          Date.parse(redeemedAt) <= Date.parse(state.settledUpTo)
        )
          return [];
        const { until, capped } = extendedWindow(state, now, command.minutes, command.maxHours);
        const { guildId, discordUserId, keyDigest } = command;
        return [
          {
            type: 'VipRoleGranted',
            data: { guildId, discordUserId, keyDigest, until, grantedAt: now.toISOString(), capped },
          },
        ];
      }
      case 'RemoveVipRole': {
        // the bot may report twice (a retry, a restart): only the first report is news
        if (state.until === null) return [];
        // a key redeemed after the end the bot acted on moved the window on: it stays open
        if (command.until !== undefined && Date.parse(state.until) > Date.parse(command.until)) return [];
        const { guildId, discordUserId } = command;
        return [{ type: 'VipRoleRemoved', data: { guildId, discordUserId, removedAt: now.toISOString() } }];
      }
      case 'EndVipWindow': {
        if (openWindowEnd(state, now) === null) return [];
        const { guildId, discordUserId } = command;
        return [
          { type: 'VipWindowEnded', data: { guildId, discordUserId, reason: 'erasure', endedAt: now.toISOString() } },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

import type { EventOf } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';

/** Stream `vip-<guildId>-<discordUserId>`: one member's VIP role window on one server. */
export const vipRoleStream = (guildId: string, discordUserId: string) => `vip-${guildId}-${discordUserId}`;

export type VipRoleEvent = EventOf<'VipRoleGranted' | 'VipRoleRemoved'>;

export type VipRoleCommand =
  | { type: 'GrantVipRole'; guildId: string; discordUserId: string; keyDigest: string; minutes: number }
  | { type: 'RemoveVipRole'; guildId: string; discordUserId: string };

export interface VipRoleState {
  /** End of the open window; null before the first grant and after the bot removed the role. */
  until: string | null;
  /**
   * The keys that granted this member a window here, by digest, with what the grant answered:
   * each key grants once, and the member redeeming it again gets that answer again.
   */
  grants: Readonly<Record<string, KeyGrant>>;
}

/** What one key's grant answered: the window's end then, and whether it prolonged an open one. */
export interface KeyGrant {
  until: string;
  extended: boolean;
}

/** An open window at `now`: granted, not removed, not yet over. */
export function openWindowEnd(state: VipRoleState, now: Date): number | null {
  if (state.until === null) return null;
  const end = new Date(state.until).getTime();
  return end > now.getTime() ? end : null;
}

export const vipRoleDecider: Decider<VipRoleCommand, VipRoleState, VipRoleEvent> = {
  initialState: () => ({ until: null, grants: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'VipRoleGranted': {
        const { keyDigest, until, grantedAt } = event.data;
        const extended = openWindowEnd(state, new Date(grantedAt)) !== null;
        return { until, grants: { ...state.grants, [keyDigest]: { until, extended } } };
      }
      case 'VipRoleRemoved':
        return { ...state, until: null };
    }
  },
  decide: (command, state, now) => {
    switch (command.type) {
      case 'GrantVipRole': {
        if (Object.hasOwn(state.grants, command.keyDigest)) return [];
        // a second key prolongs to a full window from now, never stacks: max(current end, now + minutes)
        const fresh = now.getTime() + command.minutes * 60_000;
        const until = new Date(Math.max(openWindowEnd(state, now) ?? 0, fresh)).toISOString();
        const { guildId, discordUserId, keyDigest } = command;
        return [
          { type: 'VipRoleGranted', data: { guildId, discordUserId, keyDigest, until, grantedAt: now.toISOString() } },
        ];
      }
      case 'RemoveVipRole': {
        // the bot may report twice (a retry, a restart): only the first report is news
        if (state.until === null) return [];
        const { guildId, discordUserId } = command;
        return [{ type: 'VipRoleRemoved', data: { guildId, discordUserId, removedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

import type { EventOf } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';

/** Stream `vip-<guildId>-<discordUserId>`: one member's VIP role window on one server. */
export const vipRoleStream = (guildId: string, discordUserId: string) => `vip-${guildId}-${discordUserId}`;

export type VipRoleEvent = EventOf<'VipRoleGranted' | 'VipRoleRemoved'>;

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
  | { type: 'RemoveVipRole'; guildId: string; discordUserId: string };

/** What one key's grant answered: the window's end then, whether it prolonged an open one, whether the cap cut it. */
export interface KeyGrant {
  until: string;
  extended: boolean;
  capped: boolean;
  grantedAt: string;
}

export interface VipRoleState {
  /** End of the open window; null before the first grant and after the bot removed the role. */
  until: string | null;
  /**
   * The latest grants whose answer still runs (their `until` is ahead), by key digest: each
   * key grants once, and the member redeeming it again gets that answer again. Older grants
   * are forgotten as they run out, so the state stays small however many keys a member redeems.
   */
  grants: Readonly<Record<string, KeyGrant>>;
  /**
   * A key redeemed at or before this time had its grant decided (the grant was forgotten since,
   * or the redemption's grant was lost to a crash and the window it would have joined is over).
   */
  settledUpTo: string | null;
}

/** At most this many grants are remembered: a member's burst of keys keeps the state bounded. */
const REMEMBERED_GRANTS = 16;

/** An open window at `now`: granted, not removed, not yet over. */
export function openWindowEnd(state: VipRoleState, now: Date): number | null {
  if (state.until === null) return null;
  const end = new Date(state.until).getTime();
  return end > now.getTime() ? end : null;
}

const later = (a: string | null, b: string): string => (a !== null && Date.parse(a) >= Date.parse(b) ? a : b);

/** The grants still answering at `at` (at most the newest REMEMBERED_GRANTS), and what forgetting the others settles. */
function forgetRunOut(state: VipRoleState, at: number): Pick<VipRoleState, 'grants' | 'settledUpTo'> {
  const kept = Object.entries(state.grants).filter(([, grant]) => Date.parse(grant.until) > at);
  const forgotten = Object.entries(state.grants).filter(([, grant]) => Date.parse(grant.until) <= at);
  // grants are recorded in order: the oldest are first
  forgotten.push(...kept.splice(0, Math.max(0, kept.length - (REMEMBERED_GRANTS - 1))));
  return {
    grants: Object.fromEntries(kept),
    settledUpTo: forgotten.reduce((settled, [, grant]) => later(settled, grant.grantedAt), state.settledUpTo),
  };
}

/** Each key adds its VIP time to the window's end (from now when none is open), up to the cap from now; never shortens it. */
export function extendedWindow(state: VipRoleState, now: Date, minutes: number, maxHours: number) {
  const end = openWindowEnd(state, now);
  const wanted = (end ?? now.getTime()) + minutes * 60_000;
  const cap = now.getTime() + maxHours * 3_600_000;
  return { until: new Date(Math.max(end ?? 0, Math.min(wanted, cap))).toISOString(), capped: wanted > cap };
}

export const vipRoleDecider: Decider<VipRoleCommand, VipRoleState, VipRoleEvent> = {
  // one stream per member and server for as long as both exist: read from a snapshot
  reading: { kind: 'snapshot', version: 1 },
  initialState: () => ({ until: null, grants: {}, settledUpTo: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'VipRoleGranted': {
        const { keyDigest, until, grantedAt, capped = false } = event.data;
        const extended = openWindowEnd(state, new Date(grantedAt)) !== null;
        const { grants, settledUpTo } = forgetRunOut(state, Date.parse(grantedAt));
        return { until, grants: { ...grants, [keyDigest]: { until, extended, capped, grantedAt } }, settledUpTo };
      }
      case 'VipRoleRemoved':
        // the window is over: no key of it answers again
        return { until: null, grants: {}, settledUpTo: forgetRunOut(state, Number.POSITIVE_INFINITY).settledUpTo };
    }
  },
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
        const { guildId, discordUserId } = command;
        return [{ type: 'VipRoleRemoved', data: { guildId, discordUserId, removedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

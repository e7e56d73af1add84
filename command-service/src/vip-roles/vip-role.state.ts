import { type EventOf, personalStreams } from '@vip/contracts';
import type { Fold } from '../core/decider.ts';

/** Stream `vip-<guildId>-<pseudonym>`: one member's VIP role window on one server (the member's id never names the stream). */
export const vipRoleStream = personalStreams.vipRole;

export type VipRoleEvent = EventOf<'VipRoleGranted' | 'VipRoleRemoved' | 'VipWindowEnded'>;

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

export const initialVipRoleState = (): VipRoleState => ({ until: null, grants: {}, settledUpTo: null });

export function evolveVipRole(state: VipRoleState, event: VipRoleEvent): VipRoleState {
  switch (event.type) {
    case 'VipRoleGranted': {
      const { keyDigest, until, grantedAt, capped = false } = event.data;
      const extended = openWindowEnd(state, new Date(grantedAt)) !== null;
      const { grants, settledUpTo } = forgetRunOut(state, Date.parse(grantedAt));
      return { until, grants: { ...grants, [keyDigest]: { until, extended, capped, grantedAt } }, settledUpTo };
    }
    case 'VipWindowEnded':
      // ended early (an erasure): the bot's removal for this end closes it, no key of it answers again
      return {
        until: event.data.endedAt,
        grants: {},
        settledUpTo: forgetRunOut(state, Number.POSITIVE_INFINITY).settledUpTo,
      };
    case 'VipRoleRemoved':
      // the window is over: no key of it answers again
      return { until: null, grants: {}, settledUpTo: forgetRunOut(state, Number.POSITIVE_INFINITY).settledUpTo };
  }
}

/** One stream per member and server for as long as both exist: read from a snapshot. Version 1: the state above. */
export const vipRoleFold: Fold<VipRoleState, VipRoleEvent> = {
  initialState: initialVipRoleState,
  evolve: evolveVipRole,
  reading: { kind: 'snapshot', version: 1 },
};

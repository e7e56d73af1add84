import type { RecordedEvent } from '@vip/platform';
import type { RestCall } from '../../bots/test/fake-discord/fake-discord.ts';

/** A member's VIP window as the log tells it: opened by a grant, moved by later keys, closed by a removal. */
export interface Window {
  userId: string;
  openedAt: number;
  /** The end the last key gave it: when its removal is due. */
  due: number;
  /** The redemptions (grants) of this window, each asking for the role. */
  grantsAt: number[];
}

/** A member leaving and coming back, as the bench made them do it. */
export interface Rejoin {
  userId: string;
  at: number;
}

export interface Figures {
  grantsAsked: number;
  grantsMade: number;
  rejoinsDuringWindow: number;
  rejoinGrantsMade: number;
  rejoinsAfterEnd: number;
  rejoinsAfterEndGiven: number;
  removalsDue: number;
  removalsMade: number;
  /** Windows whose member redeemed a key after the end before the removal: the next window took over. */
  removalsSuperseded: number;
  removalsEarly: number;
  /** Seconds after the due time, sorted. */
  lateness: number[];
  stillHolding: number;
}

/** Each member's windows, from the VipRoleGranted / VipRoleRemoved events of the log. */
export function windowsOf(events: readonly RecordedEvent[]): Window[] {
  const open = new Map<string, Window>();
  const windows: Window[] = [];
  for (const event of events) {
    const data = event.data as { discordUserId: string; until?: string; grantedAt?: string };
    if (event.type === 'VipRoleGranted') {
      const at = Date.parse(data.grantedAt!);
      const until = Date.parse(data.until!);
      const current = open.get(data.discordUserId);
      // a key after the window's end (not yet removed) opens the next one
      if (current && current.due > at) {
        current.due = Math.max(current.due, until);
        current.grantsAt.push(at);
      } else {
        const window = { userId: data.discordUserId, openedAt: at, due: until, grantsAt: [at] };
        open.set(data.discordUserId, window);
        windows.push(window);
      }
    } else if (event.type === 'VipRoleRemoved') open.delete(data.discordUserId);
  }
  return windows;
}

const ok = (call: RestCall) => call.status !== undefined && call.status < 300;
/** Discord's answer that the member is not in the server: the role is not held, the removal is done. */
const gone = (call: RestCall) => call.status === 404;

/**
 * The figures of a run. A grant is made when Discord accepted the member's role between the
 * redemption and the window's end; a removal is made when Discord took it (or said the member
 * is gone) after the due time, or when the member's next window opened first, and its lateness
 * is how long after; a removal before the due time is early. A rejoin during a window asks for the role again; one after it must not get it.
 */
export function figuresOf(
  windows: readonly Window[],
  calls: readonly RestCall[],
  roleId: string,
  rejoins: { during: readonly Rejoin[]; after: readonly Rejoin[] },
  holdingAtEnd: number,
): Figures {
  const roleCalls = (method: string, userId: string) =>
    calls.filter((call) => call.method === method && call.path.endsWith(`/members/${userId}/roles/${roleId}`));
  const granted = (userId: string, from: number, to: number) =>
    roleCalls('PUT', userId).some((call) => ok(call) && call.at >= from - 1_000 && call.at <= to);
  const figures: Figures = {
    grantsAsked: 0,
    grantsMade: 0,
    rejoinsDuringWindow: rejoins.during.length,
    rejoinGrantsMade: 0,
    rejoinsAfterEnd: rejoins.after.length,
    rejoinsAfterEndGiven: 0,
    removalsDue: windows.length,
    removalsMade: 0,
    removalsSuperseded: 0,
    removalsEarly: 0,
    lateness: [],
    stillHolding: holdingAtEnd,
  };
  for (const window of windows) {
    for (const at of window.grantsAt) {
      figures.grantsAsked++;
      if (granted(window.userId, at, window.due)) figures.grantsMade++;
    }
    const removals = roleCalls('DELETE', window.userId).filter(
      (call) => (ok(call) || gone(call)) && call.at >= window.openedAt,
    );
    // a key redeemed after the end, before the bot took the role, opens the next window: the role is
    // rightly held again from then on, and the old window's removal is late by that much
    const next = windows.find((other) => other.userId === window.userId && other.openedAt >= window.due);
    const made = removals.find((call) => call.at >= window.due - 50 && (!next || call.at < next.openedAt));
    if (removals.some((call) => call.at < window.due - 50)) figures.removalsEarly++;
    const removedAt = made?.at ?? next?.openedAt;
    if (removedAt !== undefined) {
      figures.removalsMade++;
      if (!made) figures.removalsSuperseded++;
      figures.lateness.push(Math.max(0, removedAt - window.due) / 1000);
    }
  }
  for (const rejoin of rejoins.during) {
    const window = windows.find((w) => w.userId === rejoin.userId && w.openedAt <= rejoin.at && w.due > rejoin.at);
    if (window && granted(rejoin.userId, rejoin.at + 1_000, window.due)) figures.rejoinGrantsMade++;
  }
  for (const rejoin of rejoins.after)
    if (roleCalls('PUT', rejoin.userId).some((call) => ok(call) && call.at >= rejoin.at))
      figures.rejoinsAfterEndGiven++;
  figures.lateness.sort((a, b) => a - b);
  return figures;
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

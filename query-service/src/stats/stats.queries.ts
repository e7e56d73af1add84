import {
  type AdminStatsResponse,
  activeWhitelistFilter,
  type DailyStatsDocument,
  distinctVisitorsCounterId,
  type KeyCounterDocument,
  keyReadModels,
  statsReadModels,
  utcDay,
  type VipRoleAccuracyDayDocument,
  type VipWindowDocument,
  vipRoleAccuracyReadModels,
  whitelistReadModels,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import { serverTotals } from '../servers/servers.queries.ts';
import { billingFigures } from './billing-figures.ts';

export { billingFigures } from './billing-figures.ts';

const DAY_MS = 86_400_000;
const dayOffset = (now: Date, days: number) => utcDay(new Date(now.getTime() - days * DAY_MS).toISOString());

/** Percentage change from `before` to `after`; null when there is nothing to compare with. */
export function change(after: number, before: number): number | null {
  return before === 0 ? null : Math.round(((after - before) / before) * 1000) / 10;
}

/**
 * Keys generated and redeemed over all time: the sum of the daily documents (one per day
 * anything was counted, so a few thousand at most), instead of a second count of every event.
 */
export async function keyTotals(readStore: ReadStore): Promise<{ keysGenerated: number; keysRedeemed: number }> {
  const days = await readStore.collection<DailyStatsDocument>(statsReadModels.daily).find({});
  let keysGenerated = 0;
  let keysRedeemed = 0;
  for (const day of days) {
    keysGenerated += day.keysGenerated;
    keysRedeemed += day.keysRedeemed;
  }
  return { keysGenerated, keysRedeemed };
}

/** Each address once a day, summed over the days: the visitors projection's running total. */
export async function distinctVisitors(readStore: ReadStore): Promise<number> {
  const total = await readStore
    .collection<KeyCounterDocument>(keyReadModels.visitorTotals)
    .findOne({ _id: distinctVisitorsCounterId });
  return total?.count ?? 0;
}

/** Every figure of the admin Statistics screen, read from the projections at `now`. */
export async function adminStats(readStore: ReadStore, now: Date): Promise<AdminStatsResponse> {
  const days = Array.from({ length: 30 }, (_, i) => dayOffset(now, 29 - i));
  const previousWeek = Array.from({ length: 7 }, (_, i) => dayOffset(now, 13 - i));
  const dailyDocs = await readStore
    .collection<DailyStatsDocument>(statsReadModels.daily)
    .find({ _id: { $in: [...days, ...previousWeek] } });
  const byDay = new Map(dailyDocs.map((doc) => [doc._id, doc]));
  const generated = (day: string) => byDay.get(day)?.keysGenerated ?? 0;
  const sum = (list: string[]) => list.reduce((total, day) => total + generated(day), 0);

  const today = days[29];
  const yesterday = days[28];
  const last7 = days.slice(23);
  const nowIso = now.toISOString();

  const [totals, activeVip, visitorsEver, whitelist, servers, roleDays, billing] = await Promise.all([
    keyTotals(readStore),
    readStore.collection<VipWindowDocument>(statsReadModels.vipWindows).countDocuments({ until: { $gt: nowIso } }),
    distinctVisitors(readStore),
    readStore
      .collection<{ _id: string; userId: string; duration: string; expiresAt: string | null }>(
        whitelistReadModels.whitelist,
      )
      .find(activeWhitelistFilter(now)),
    serverTotals(readStore),
    readStore.collection<VipRoleAccuracyDayDocument>(vipRoleAccuracyReadModels.daily).find({ _id: { $in: days } }),
    billingFigures(readStore, now),
  ]);
  const roles = new Map(roleDays.map((doc) => [doc._id, doc]));
  const roleSum = (field: 'grantsFailed' | 'removals' | 'removalsLate') =>
    roleDays.reduce((total, doc) => total + doc[field], 0);

  return {
    generatedAt: nowIso,
    keys: {
      total: totals.keysGenerated,
      today: generated(today),
      yesterday: generated(yesterday),
      last7Days: sum(last7),
      last30Days: sum(days),
      redeemedTotal: totals.keysRedeemed,
      redeemedToday: byDay.get(today)?.keysRedeemed ?? 0,
      dayOverDay: change(generated(today), generated(yesterday)),
      weekOverWeek: change(sum(last7), sum(previousWeek)),
    },
    vip: { activeNow: activeVip },
    vipRoles: {
      grantsFailed: { today: roles.get(today)?.grantsFailed ?? 0, last30Days: roleSum('grantsFailed') },
      removalsLate: { today: roles.get(today)?.removalsLate ?? 0, last30Days: roleSum('removalsLate') },
      removalsLast30Days: roleSum('removals'),
    },
    visitors: { distinct: visitorsEver, visitsToday: byDay.get(today)?.visits ?? 0 },
    whitelist: {
      entries: whitelist.length,
      users: new Set(whitelist.map((entry) => entry.userId)).size,
      premiumUsers: new Set(whitelist.filter((entry) => entry.duration === 'monthly').map((entry) => entry.userId))
        .size,
    },
    servers: { total: servers.totalServers, members: servers.totalMembers },
    daily: days.map((date) => ({ date, generated: generated(date), redeemed: byDay.get(date)?.keysRedeemed ?? 0 })),
    billing,
  };
}

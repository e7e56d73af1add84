import {
  activeWhitelistFilter,
  analyticsReadModels,
  type GuildDocument,
  type ServerAnalytics,
  type ServerDailyDocument,
  serverReadModels,
  statsReadModels,
  utcDay,
  type VipWindowDocument,
  type WhitelistDocument,
  whitelistReadModels,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

const DAY_MS = 86_400_000;
const DAYS = 30;

/** The last 30 UTC days, oldest first, today last. */
export const last30Days = (now: Date) =>
  Array.from({ length: DAYS }, (_, i) => utcDay(new Date(now.getTime() - (DAYS - 1 - i) * DAY_MS).toISOString()));

/** Keys redeemed per key generated, in percent with one decimal; null when none was generated. */
export const redemptionRate = (generated: number, redeemed: number): number | null =>
  generated === 0 ? null : Math.round((redeemed / generated) * 1000) / 10;

/**
 * The figures of the given servers at `now`, from the projections: the per-server daily
 * counts, the statistics' VIP windows and the whitelist (members holding the role now).
 */
export async function serverFigures(readStore: ReadStore, guildIds: string[], now: Date): Promise<ServerAnalytics[]> {
  if (guildIds.length === 0) return [];
  const days = last30Days(now);
  const inServers = { guildId: { $in: guildIds } };
  const [dailyDocs, windows, entries, guilds] = await Promise.all([
    readStore
      .collection<ServerDailyDocument>(analyticsReadModels.serverDaily)
      .find({ ...inServers, day: { $gte: days[0] } }),
    readStore
      .collection<VipWindowDocument>(statsReadModels.vipWindows)
      .find({ ...inServers, until: { $gt: now.toISOString() } }),
    readStore
      .collection<WhitelistDocument>(whitelistReadModels.whitelist)
      .find({ ...inServers, ...activeWhitelistFilter(now) }),
    readStore
      .collection<GuildDocument>(serverReadModels.guilds)
      .find({ _id: { $in: guildIds } }, { projection: { _id: 1, name: 1 } }),
  ]);
  const names = new Map(guilds.map((guild) => [guild._id, guild.name]));

  return guildIds.map((guildId) => {
    const byDay = new Map(dailyDocs.filter((doc) => doc.guildId === guildId).map((doc) => [doc.day, doc]));
    const daily = days.map((date) => {
      const doc = byDay.get(date);
      return { date, generated: doc?.keysGenerated ?? 0, redeemed: doc?.keysRedeemed ?? 0, visits: doc?.visits ?? 0 };
    });
    const sum = (field: 'generated' | 'redeemed' | 'visits') => daily.reduce((total, day) => total + day[field], 0);
    // a member with a key window and a whitelist entry holds one role: counted once
    const members = new Set<string>();
    for (const window of windows) if (window.guildId === guildId) members.add(window._id.slice(guildId.length + 1));
    for (const entry of entries) if (entry.guildId === guildId) members.add(entry.userId);
    const keysGenerated30d = sum('generated');
    const keysRedeemed30d = sum('redeemed');
    return {
      guildId,
      serverName: names.get(guildId) ?? null,
      daily,
      keysGenerated30d,
      keysRedeemed30d,
      visits30d: sum('visits'),
      redemptionRate: redemptionRate(keysGenerated30d, keysRedeemed30d),
      activeVipNow: members.size,
    };
  });
}

import {
  analyticsReadModels,
  type BotSettingsDocument,
  botReadModels,
  type GuildDocument,
  type ServerDailyDocument,
  type ServerOwnerDocument,
  type ServerSetup,
  serverReadModels,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/** Servers the bot is in, and their members: the same figures as GET /api/server/stats. */
export async function serverTotals(readStore: ReadStore): Promise<{ totalServers: number; totalMembers: number }> {
  const guilds = await readStore
    .collection<GuildDocument>(serverReadModels.guilds)
    .find({ botPresent: true }, { projection: { memberCount: 1 } });
  return { totalServers: guilds.length, totalMembers: guilds.reduce((total, guild) => total + guild.memberCount, 0) };
}

/** The server's claim, per the server owners read model; null when nobody holds it. */
export function serverClaimOf(readStore: ReadStore, guildId: string): Promise<ServerOwnerDocument | null> {
  return readStore.collection<ServerOwnerDocument>(serverReadModels.serverOwners).findOne({ _id: guildId });
}

/** Who holds the server (the owner routes' requireServerHolder reads it from here); null when nobody does. */
export async function holderOf(readStore: ReadStore, guildId: string): Promise<string | null> {
  return (await serverClaimOf(readStore, guildId))?.userId ?? null;
}

/**
 * How far a server's setup came, for its owner's checklist: a chosen VIP role, and a key
 * redeemed through the bot's message. Two reads by key: the second stops at the first day of
 * the server with a redemption (one document per server and active day at most).
 */
export async function serverSetupOf(readStore: ReadStore, guildId: string): Promise<ServerSetup> {
  const [settings, redeemedDay] = await Promise.all([
    readStore.collection<BotSettingsDocument>(botReadModels.botSettings).findOne({ _id: guildId }),
    readStore
      .collection<ServerDailyDocument>(analyticsReadModels.serverDaily)
      .findOne({ guildId, keysRedeemed: { $gt: 0 } }),
  ]);
  return { vipRoleChosen: Boolean(settings?.vipRoleId), keyRedeemed: redeemedDay !== null };
}

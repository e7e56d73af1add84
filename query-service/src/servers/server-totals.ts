import { serverReadModels, type GuildDocument } from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/** Servers the bot is in, and their members: the same figures as GET /api/server/stats. */
export async function serverTotals(readStore: ReadStore): Promise<{ totalServers: number; totalMembers: number }> {
  const guilds = await readStore
    .collection<GuildDocument>(serverReadModels.guilds)
    .find({ botPresent: true }, { projection: { memberCount: 1 } });
  return { totalServers: guilds.length, totalMembers: guilds.reduce((total, guild) => total + guild.memberCount, 0) };
}

import type { BotName } from '@vip/contracts';

/**
 * The shards one bot process runs. Under bots/src/shard.ts discord.js hands each process its
 * shard ids in SHARDS and the total in SHARD_COUNT; a process started alone runs every shard
 * (Discord's recommendation, 'auto'), which is `null` here: it holds every server.
 */
export interface ShardSet {
  ids: number[];
  count: number;
}

export function shardSetFromEnv(env: NodeJS.ProcessEnv = process.env): ShardSet | null {
  if (env.SHARDS === undefined || env.SHARD_COUNT === undefined) return null;
  const parsed: unknown = JSON.parse(env.SHARDS);
  const ids = (Array.isArray(parsed) ? parsed : [parsed]).map(Number);
  const count = Number(env.SHARD_COUNT);
  if (!Number.isInteger(count) || count < 1 || ids.some((id) => !Number.isInteger(id)))
    throw new Error(`SHARDS / SHARD_COUNT are not shard ids and a count: ${env.SHARDS} / ${env.SHARD_COUNT}`);
  return { ids: [...new Set(ids)].sort((a, b) => a - b), count };
}

/** Discord's rule: a server belongs to shard (id >> 22) % count. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** Whether this set of shards holds the server; a server id that is no snowflake is kept (nothing to route). */
export function holdsGuild(shards: ShardSet | null, guildId: string): boolean {
  if (shards === null || !/^\d+$/.test(guildId)) return true;
  return shards.ids.includes(shardOf(guildId, shards.count));
}

/**
 * Where a bot's snapshot is kept: one per set of shards, since each keeps only its own
 * servers. A changed shard count finds no snapshot and folds the log once.
 */
export function snapshotKeyOf(bot: BotName, shards: ShardSet | null): string {
  return shards === null ? bot : `${bot}/shards-${shards.ids.join('+')}-of-${shards.count}`;
}

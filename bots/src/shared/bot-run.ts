import type { BotName } from '@vip/contracts';
import type { EventStore, Logger, Readiness, SnapshotStore } from '@vip/platform';
import type { Client } from 'discord.js';
import type { BotsConfig } from '../config.ts';
import { type BotPart, foldsOf } from './bot-part.ts';
import { type ConnectOptions, connectDiscord } from './discord-client.ts';
import { EventFeed } from './event-feed.ts';
import { FoldCheckpoint } from './fold-checkpoint.ts';
import { holdsGuild, type ShardSet, shardSetFromEnv, snapshotKeyOf } from './shards.ts';

/** What each bot is started with. */
export interface BotDeps {
  eventStore: EventStore;
  config: BotsConfig;
  logger: Logger;
  /** Where the bot says whether its event feed follows the log (the process's /api/ready). */
  readiness?: Readiness;
  /** Where the bot keeps the snapshot of its folds it starts from; without one it folds the whole log. */
  snapshotStore?: SnapshotStore;
  /** The shards this process runs; default: SHARDS / SHARD_COUNT as discord.js reads them (null: all). */
  shards?: ShardSet | null;
}

export interface RunningBot {
  client: Client;
  stop(): Promise<void>;
}

/** A bot's log, read before its parts are made: its shards' servers only (Discord's rule), its health on /api/ready. */
export function feedOf(deps: BotDeps, bot: BotName): { feed: EventFeed; shards: ShardSet | null } {
  const shards = deps.shards === undefined ? shardSetFromEnv() : deps.shards;
  const feed = new EventFeed(deps.eventStore, deps.logger, { holdsGuild: (guildId) => holdsGuild(shards, guildId) });
  // the same check the process added while the bot was starting ('key bot', 'poster bot')
  deps.readiness?.add(bot.replace('-', ' '), () => feed.health());
  return { feed, shards };
}

/**
 * What both bots do with their one list of parts: each is attached to the feed, its fold
 * restored from the snapshot, the log read on from there; then Discord is connected (the
 * caller's `wire` starts the parts once it is ready), and stopping the bot stops each part.
 */
export async function runParts<Context>(
  deps: BotDeps,
  bot: BotName,
  run: {
    feed: EventFeed;
    shards: ShardSet | null;
    parts: readonly BotPart<Context>[];
    /** The shape of the bot's snapshot. */
    snapshotVersion: number;
    /** Said once the log is read up to now (the figures the bot's log line carries). */
    caughtUp(resumedAfter: number | null): void;
    discord: Omit<ConnectOptions, 'logger'>;
  },
): Promise<RunningBot> {
  const { feed, parts } = run;
  for (const part of parts) part.attach?.(feed);
  const checkpoint = new FoldCheckpoint(
    deps.snapshotStore,
    deps.eventStore,
    feed,
    snapshotKeyOf(bot, run.shards),
    run.snapshotVersion,
    foldsOf(parts),
    deps.logger,
    deps.config.snapshots,
  );
  const resumedAfter = await checkpoint.restore();
  await feed.start(resumedAfter);
  checkpoint.start();
  run.caughtUp(resumedAfter);

  const { client } = await connectDiscord({ ...run.discord, logger: deps.logger }).catch(async (error: unknown) => {
    // a bot that never connected must not keep following the log
    feed.stop();
    await checkpoint.stop();
    throw error;
  });
  return {
    client,
    async stop() {
      feed.stop();
      for (const part of parts) part.stop?.();
      await checkpoint.stop();
      await client.destroy();
    },
  };
}

import { Events, GatewayIntentBits, type Client } from 'discord.js';
import type { BotDeps, RunningBot } from '../key-bot/key-bot.ts';
import { connectDiscord } from '../shared/discord-client.ts';
import { EventFeed } from '../shared/event-feed.ts';
import { foldsOf, type BotPart } from '../shared/bot-part.ts';
import { FoldCheckpoint } from '../shared/fold-checkpoint.ts';
import { holdsGuild, shardSetFromEnv, snapshotKeyOf } from '../shared/shards.ts';
import { ProductApi } from '../shared/product-api.ts';
import { replyPrivately, runSlashCommand, somethingWentWrong } from '../shared/slash-command.ts';
import { posterBotCommands } from './commands/index.ts';
import type { PosterBotContext } from './poster-bot-context.ts';
import { TEST_LOOPBACK_VARIABLE } from './preview-settings.ts';
import { pressLibraryButton } from './video-buttons.ts';
import { VideoSchedule } from './video-schedule.ts';

/** The shape of the poster bot's snapshot: bumped whenever the schedule's saved state changes. */
export const POSTER_BOT_SNAPSHOT_VERSION = 1;

/**
 * The poster bot: schedules video posts (/postvideo, /videos) as events and sends them when
 * due, as embeds built from the video page's OpenGraph tags. The schedule is folded from the
 * log, so posts survive restarts; a post missed while the bot was down is sent once when it
 * is back. It posts only in servers its plan covers (the product decides, per post).
 */
export async function startPosterBot(deps: Omit<BotDeps, 'vipRoleMinutes'>): Promise<RunningBot> {
  const { config, logger } = deps;
  if (!config.posterBot) throw new Error('POSTER_DISCORD_TOKEN is not set');
  const api = new ProductApi(config.productApiUrl, config.botApiToken, logger);
  const schedule = new VideoSchedule(api, logger);
  const shards = deps.shards === undefined ? shardSetFromEnv() : deps.shards;
  const feed = new EventFeed(deps.eventStore, logger, { holdsGuild: (guildId) => holdsGuild(shards, guildId) });
  const context: PosterBotContext = { config, api, schedule, feed, logger };
  deps.readiness?.add('poster bot', () => feed.health());
  if (config.posterPreview.loopbackPorts.length > 0)
    logger.warn(
      { ports: config.posterPreview.loopbackPorts },
      `${TEST_LOOPBACK_VARIABLE} is set: the poster bot reads pages on this machine's loopback (tests only)`,
    );

  // the poster bot's one part; started with the ready client
  const parts: readonly BotPart<Client>[] = [schedule];
  for (const part of parts) part.attach?.(feed);
  const checkpoint = new FoldCheckpoint(
    deps.snapshotStore,
    deps.eventStore,
    feed,
    snapshotKeyOf('poster-bot', shards),
    POSTER_BOT_SNAPSHOT_VERSION,
    foldsOf(parts),
    logger,
    config.snapshots,
  );
  const resumedAfter = await checkpoint.restore();
  await feed.start(resumedAfter);
  checkpoint.start();
  logger.info(
    { resumedAfter, eventsRead: feed.eventsRead, posts: schedule.posts.size },
    'poster bot caught up with the log',
  );

  const { client } = await connectDiscord({
    token: config.posterBot.token,
    apiUrl: config.discordApiUrl,
    intents: [GatewayIntentBits.Guilds],
    logger,
    wire: (client) => {
      client.once(Events.ClientReady, (ready) => {
        logger.info(
          { user: ready.user.tag, guilds: ready.guilds.cache.size, shards: ready.options.shards },
          'poster bot ready',
        );
        for (const part of parts) part.start?.(ready);
      });
      client.on(Events.InteractionCreate, async (interaction) => {
        if (interaction.isChatInputCommand()) await runSlashCommand(posterBotCommands, interaction, context, logger);
        else if (interaction.isButton())
          await pressLibraryButton(interaction, context).catch(async (error: unknown) => {
            logger.error({ err: error, customId: interaction.customId }, 'library button failed');
            await replyPrivately(interaction, somethingWentWrong).catch(() => undefined);
          });
      });
    },
  }).catch(async (error: unknown) => {
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

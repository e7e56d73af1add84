import { type Client, Events, GatewayIntentBits } from 'discord.js';
import type { BotPart } from '../shared/bot-part.ts';
import { type BotDeps, feedOf, type RunningBot, runParts } from '../shared/bot-run.ts';
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
export async function startPosterBot(deps: BotDeps): Promise<RunningBot> {
  const { config, logger } = deps;
  if (!config.posterBot) throw new Error('POSTER_DISCORD_TOKEN is not set');
  const api = new ProductApi(config.productApiUrl, config.botApiToken, logger);
  const schedule = new VideoSchedule(api, logger);
  const { feed, shards } = feedOf(deps, 'poster-bot');
  const context: PosterBotContext = { config, api, schedule, feed, logger };
  if (config.posterPreview.loopbackPorts.length > 0)
    logger.warn(
      { ports: config.posterPreview.loopbackPorts },
      `${TEST_LOOPBACK_VARIABLE} is set: the poster bot reads pages on this machine's loopback (tests only)`,
    );

  // the poster bot's one part; started with the ready client
  const parts: readonly BotPart<Client>[] = [schedule];
  return runParts(deps, 'poster-bot', {
    feed,
    shards,
    parts,
    snapshotVersion: POSTER_BOT_SNAPSHOT_VERSION,
    caughtUp: (resumedAfter) =>
      logger.info(
        { resumedAfter, eventsRead: feed.eventsRead, posts: schedule.posts.size },
        'poster bot caught up with the log',
      ),
    discord: {
      token: config.posterBot.token,
      apiUrl: config.discordApiUrl,
      intents: [GatewayIntentBits.Guilds],
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
    },
  });
}

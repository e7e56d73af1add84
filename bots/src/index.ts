import {
  type AppConfig,
  createLogger,
  type EventStore,
  type Logger,
  type Readiness,
  type SnapshotStore,
} from '@vip/platform';
import { type BotsConfig, loadBotsConfig } from './config.ts';
import type { RunningBot } from './key-bot/key-bot.ts';

export { type BotsConfig, loadBotsConfig } from './config.ts';
export type { RunningBot } from './key-bot/key-bot.ts';

export type BotName = 'key' | 'poster';

export interface StartBotsOptions {
  eventStore: EventStore;
  /** Where the bots keep the snapshots of their folds (TOKENS.snapshotStore); without it they fold the whole log at start. */
  snapshotStore?: SnapshotStore;
  appConfig: AppConfig;
  /** Where the product listens when the bots run inside it (default for PRODUCT_API_URL). */
  productUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** Start only these bots (a shard process runs one); default both. */
  only?: readonly BotName[];
  /** Where "not started" and start failures are said; each bot logs under its own name. */
  logger?: Logger;
  /**
   * The process's readiness: each started bot adds a check ("key bot", "poster bot") that
   * fails while its event feed is down or catching up, or when the bot could not start.
   */
  readiness?: Readiness;
}

export interface RunningBots {
  config: BotsConfig;
  /** Resolves when every bot that was started is connected (or failed to). */
  ready: Promise<void>;
  bots: Partial<Record<BotName, RunningBot>>;
  stop(): Promise<void>;
}

/**
 * Starts each bot whose token is set, in the background: a bot that cannot reach Discord is
 * logged and leaves the rest of the product running. Says for each bot whether it starts.
 */
export function startBots(options: StartBotsOptions): RunningBots {
  const config = loadBotsConfig(options.appConfig, options.env ?? process.env, options.productUrl);
  const logger = options.logger ?? createLogger('bots', config.logLevel);
  const wanted = options.only ?? ['key', 'poster'];
  const bots: Partial<Record<BotName, RunningBot>> = {};
  const starting: Promise<void>[] = [];
  const common = {
    eventStore: options.eventStore,
    snapshotStore: options.snapshotStore,
    config,
    readiness: options.readiness,
  };

  const start = (name: BotName, variable: string, set: boolean, launch: (botLogger: Logger) => Promise<RunningBot>) => {
    if (!wanted.includes(name)) return;
    if (!set) {
      logger.info({ bot: name }, `${name} bot not started: ${variable} is not set`);
      return;
    }
    if (!config.botApiToken)
      logger.warn({ bot: name }, `${name} bot starts without BOT_API_TOKEN: the product will refuse its calls`);
    logger.info(
      { bot: name, discordApi: config.discordApiUrl, productApi: config.productApiUrl },
      `${name} bot starting (${variable} is set)`,
    );
    const botLogger = createLogger(`${name}-bot`, config.logLevel);
    // not ready before the bot (imported on demand) has added its own check under this name
    options.readiness?.add(`${name} bot`, () => 'starting');
    starting.push(
      launch(botLogger).then(
        (bot) => {
          bots[name] = bot;
        },
        (error: unknown) => {
          botLogger.error({ err: error }, `${name} bot could not start`);
          const reason = error instanceof Error ? error.message : String(error);
          options.readiness?.add(`${name} bot`, () => `could not start: ${reason}`);
        },
      ),
    );
  };
  // discord.js is imported only by a bot that starts: ~40 MB the product without bots never holds
  start('key', 'DISCORD_TOKEN', config.keyBot !== null, async (botLogger) =>
    (await import('./key-bot/key-bot.ts')).startKeyBot({
      ...common,
      vipRoleMinutes: options.appConfig.vipRoleMinutes,
      logger: botLogger,
    }),
  );
  start('poster', 'POSTER_DISCORD_TOKEN', config.posterBot !== null, async (botLogger) =>
    (await import('./poster-bot/poster-bot.ts')).startPosterBot({ ...common, logger: botLogger }),
  );

  const ready = Promise.all(starting).then(() => undefined);
  return {
    config,
    ready,
    bots,
    async stop() {
      // a bot still trying to reach Discord must not hold the shutdown
      await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      await Promise.all(
        Object.values(bots).map((bot) =>
          bot.stop().catch((error: unknown) => logger.warn({ err: error }, 'stopping a bot failed')),
        ),
      );
    },
  };
}

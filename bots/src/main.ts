import { TOKENS, closeContainer, createContainer, createLogger, loadConfig } from '@vip/platform';
import { startBots, type BotName } from './index.ts';

/**
 * The bots as a service of their own (docker-compose, or one shard under bots/src/shard.ts):
 * `node --import tsx bots/src/main.ts [--bot key|poster]`. They read the log through their
 * own event-store connection and call the product at PRODUCT_API_URL.
 */
const appConfig = loadConfig();
const logger = createLogger('bots', appConfig.logLevel);
const botArg = process.argv.indexOf('--bot');
const only: BotName[] | undefined = botArg >= 0 ? [process.argv[botArg + 1] as BotName] : undefined;
if (only && !['key', 'poster'].includes(only[0])) throw new Error(`--bot must be key or poster, got ${only[0]}`);

const container = await createContainer(appConfig, 'bots');
const eventStore = await container.getAsync(TOKENS.eventStore);
const running = startBots({ eventStore, appConfig, only, logger });
await running.ready;
if (Object.keys(running.bots).length === 0) {
  logger.warn('no bot is running (set DISCORD_TOKEN and/or POSTER_DISCORD_TOKEN)');
  await closeContainer(container);
  process.exit(running.config.keyBot || running.config.posterBot ? 1 : 0);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    running
      .stop()
      .then(() => closeContainer(container))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

import { closeContainer, createContainer, createLogger, loadConfig, TOKENS } from '@vip/platform';
import { type BotName, startBots } from './index.ts';
import { type HealthEndpoint, serveHealth } from './shared/health-endpoint.ts';

/**
 * The bots as a service of their own (docker-compose, or one shard under bots/src/shard.ts):
 * `node --import tsx bots/src/main.ts [--bot key|poster]`. They read the log through their
 * own event-store connection and call the product at PRODUCT_API_URL. GET /api/ready on PORT
 * says whether each bot's event feed follows the log.
 */
const appConfig = loadConfig();
const logger = createLogger('bots', appConfig.logLevel);
const botArg = process.argv.indexOf('--bot');
const only: BotName[] | undefined = botArg >= 0 ? [process.argv[botArg + 1] as BotName] : undefined;
if (only && !['key', 'poster'].includes(only[0])) throw new Error(`--bot must be key or poster, got ${only[0]}`);

const container = await createContainer(appConfig, 'bots');
const eventStore = await container.getAsync(TOKENS.eventStore);
const snapshotStore = await container.getAsync(TOKENS.snapshotStore);
const readiness = container.get(TOKENS.readiness);
// shard processes (discord.js sets SHARDS) would all want the same PORT: the endpoint is the single process's
let health: HealthEndpoint | undefined;
if (process.env.SHARDS === undefined) {
  health = await serveHealth(readiness, { port: appConfig.port, host: appConfig.host, logger }).catch(
    (error: unknown) => {
      logger.error(
        { err: error, port: appConfig.port },
        'the health endpoint could not listen; the bots run without it',
      );
      return undefined;
    },
  );
  if (health) logger.info({ url: `${health.url}/api/ready` }, 'bots health endpoint listening');
}
const running = startBots({ eventStore, snapshotStore, appConfig, only, logger, readiness });

// from here on, also while the bots are still connecting: stop them, then the endpoint and the store
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    readiness.drain();
    running
      .stop()
      .then(() => health?.close())
      .then(() => closeContainer(container))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await running.ready;
if (!closing && Object.keys(running.bots).length === 0) {
  logger.warn('no bot is running (set DISCORD_TOKEN and/or POSTER_DISCORD_TOKEN)');
  await health?.close();
  await closeContainer(container);
  process.exit(running.config.keyBot || running.config.posterBot ? 1 : 0);
}

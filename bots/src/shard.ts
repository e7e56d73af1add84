import path from 'node:path';
import { createLogger, loadConfig } from '@vip/platform';
import { REST, type RESTGetAPIGatewayBotResult, Routes, ShardingManager } from 'discord.js';
import { type BotCredentials, loadBotsConfig } from './config.ts';

/**
 * Many servers: one ShardingManager per bot whose token is set, each shard a process of
 * bots/src/main.ts running that one bot with the shard ids the manager hands it. The shard
 * count is Discord's recommendation (through DISCORD_API_URL), or SHARD_TOTAL when set.
 *   node --import tsx bots/src/shard.ts
 */
const appConfig = loadConfig();
const config = loadBotsConfig(appConfig);
const logger = createLogger('bots-shards', appConfig.logLevel);
const entry = path.join(import.meta.dirname, 'main.ts');

async function recommendedShards(token: string): Promise<number> {
  if (process.env.SHARD_TOTAL) return Number(process.env.SHARD_TOTAL);
  const rest = new REST({ api: config.discordApiUrl }).setToken(token);
  const gateway = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  return Math.max(1, gateway.shards);
}

const managers: ShardingManager[] = [];

async function launch(name: 'key' | 'poster', credentials: BotCredentials | null, variable: string): Promise<void> {
  if (!credentials) {
    logger.info({ bot: name }, `${name} bot not started: ${variable} is not set`);
    return;
  }
  const totalShards = await recommendedShards(credentials.token);
  const manager = new ShardingManager(entry, {
    token: credentials.token,
    totalShards,
    mode: 'process',
    execArgv: ['--import', 'tsx'],
    shardArgs: ['--bot', name],
    respawn: true,
  });
  manager.on('shardCreate', (shard) => {
    logger.info({ bot: name, shard: shard.id, totalShards }, 'shard launched');
    shard.on('death', () => logger.warn({ bot: name, shard: shard.id }, 'shard process exited'));
  });
  managers.push(manager);
  // each shard loads its snapshot and reads the events after it (its own servers' only), then connects
  await manager.spawn({ timeout: 120_000 });
  logger.info({ bot: name, totalShards }, `${name} bot: every shard is ready`);
}

await Promise.all([
  launch('key', config.keyBot, 'DISCORD_TOKEN'),
  launch('poster', config.posterBot, 'POSTER_DISCORD_TOKEN'),
]);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const manager of managers) for (const shard of manager.shards.values()) shard.kill();
    process.exit(0);
  });
}

import type { Logger } from '@vip/platform';
import { Client, GatewayIntentBits, Partials, ShardClientUtil } from 'discord.js';

export interface ConnectOptions {
  token: string;
  /** Discord's REST base; the gateway address is whatever its /gateway/bot answers. */
  apiUrl: string;
  intents: GatewayIntentBits[];
  /**
   * A privileged intent the bot can live without (the key bot's Server Members intent). When
   * the application is not allowed it, Discord closes the gateway with 4014; the bot then
   * connects without it and says so.
   */
  optionalIntent?: GatewayIntentBits;
  logger: Logger;
  /** Attaches the bot's handlers to a fresh client, before it logs in. */
  wire(client: Client, optionalIntentGranted: boolean): void;
}

function createClient(apiUrl: string, intents: GatewayIntentBits[]): Client {
  return new Client({
    intents,
    rest: { api: apiUrl },
    // under a ShardingManager the shard ids come from the environment; alone, Discord recommends
    shards: process.env.SHARDS ? undefined : 'auto',
    // nobody is pinged unless a message says whom (greetings name the new member, pings their role)
    allowedMentions: { parse: [] },
    partials: [Partials.GuildMember],
  });
}

function logClientEvents(client: Client, logger: Logger): void {
  client.on('error', (error) => logger.error({ err: error }, 'discord client error'));
  client.on('warn', (message) => logger.warn({ message }, 'discord client warning'));
  client.on('shardDisconnect', (event, shardId) => logger.warn({ shardId, code: event.code }, 'gateway disconnected'));
  client.on('shardReconnecting', (shardId) => logger.info({ shardId }, 'gateway reconnecting'));
  client.on('shardResume', (shardId) => logger.info({ shardId }, 'gateway resumed'));
  if (logger.isLevelEnabled('trace')) client.on('debug', (message) => logger.trace({ message }, 'discord.js'));
}

const isDisallowedIntents = (error: unknown) => error instanceof Error && /disallowed intents/i.test(error.message);

/** Logs in; falls back to the required intents alone when the optional one is refused. */
export async function connectDiscord(
  options: ConnectOptions,
): Promise<{ client: Client; optionalIntentGranted: boolean }> {
  const { token, apiUrl, intents, optionalIntent, logger, wire } = options;
  const attempt = async (withOptional: boolean) => {
    const client = createClient(
      apiUrl,
      withOptional && optionalIntent !== undefined ? [...intents, optionalIntent] : intents,
    );
    logClientEvents(client, logger);
    wire(client, withOptional);
    await client.login(token);
    return client;
  };
  try {
    return { client: await attempt(true), optionalIntentGranted: optionalIntent !== undefined };
  } catch (error) {
    if (optionalIntent === undefined || !isDisallowedIntents(error)) throw error;
    logger.warn(
      { intent: GatewayIntentBits[optionalIntent] },
      'Discord refused a privileged intent: enable it in the Developer Portal (Bot → Privileged Gateway Intents); running without it',
    );
    return { client: await attempt(false), optionalIntentGranted: false };
  }
}

/** Whether this process's shards hold the server (each shard acts only on its own servers). */
export function ownsGuild(client: Client, guildId: string): boolean {
  const shards = client.options.shards;
  const count = client.options.shardCount ?? 1;
  if (!Array.isArray(shards)) return true;
  return shards.includes(ShardClientUtil.shardIdForGuildId(guildId, count));
}

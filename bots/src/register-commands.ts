import { isDiscordId } from '@vip/contracts';
import { createLogger, loadConfig } from '@vip/platform';
import { REST, Routes } from 'discord.js';
import { type BotCredentials, loadBotsConfig } from './config.ts';
import { keyBotCommands } from './key-bot/commands/index.ts';
import { posterBotCommands } from './poster-bot/commands/index.ts';

/**
 * `npm run bots:register [-- --guild <id>]`: registers each bot's slash commands with Discord
 * (globally, or in one server, where they show up at once). Runs for each bot whose token
 * is set; the application id is DISCORD_CLIENT_ID / POSTER_DISCORD_CLIENT_ID, else the
 * one the token names.
 */
const appConfig = loadConfig();
const config = loadBotsConfig(appConfig);
const logger = createLogger('bots-register', appConfig.logLevel);
const guildArg = process.argv.indexOf('--guild');
const guildId = guildArg >= 0 ? process.argv[guildArg + 1] : undefined;
if (guildArg >= 0 && !isDiscordId(guildId)) throw new Error('--guild needs a Discord server id');

/** A bot token starts with its user id in base64, which is also its application id. */
function applicationIdOf(credentials: BotCredentials): string {
  if (credentials.clientId) return credentials.clientId;
  const fromToken = Buffer.from(credentials.token.split('.')[0], 'base64').toString('utf8');
  if (!isDiscordId(fromToken))
    throw new Error('cannot tell the application id from the token: set the client id variable');
  return fromToken;
}

async function register(
  name: string,
  credentials: BotCredentials | null,
  variable: string,
  commands: readonly { toJSON(): unknown }[],
): Promise<boolean> {
  if (!credentials) {
    logger.info({ bot: name }, `${name} bot: ${variable} is not set, nothing registered`);
    return false;
  }
  const applicationId = applicationIdOf(credentials);
  const rest = new REST({ api: config.discordApiUrl }).setToken(credentials.token);
  const route = guildId
    ? Routes.applicationGuildCommands(applicationId, guildId)
    : Routes.applicationCommands(applicationId);
  const registered = (await rest.put(route, { body: commands.map((command) => command.toJSON()) })) as {
    name: string;
  }[];
  logger.info(
    { bot: name, applicationId, guildId: guildId ?? 'global', commands: registered.map((command) => command.name) },
    `${name} bot: commands registered`,
  );
  return true;
}

const key = await register(
  'key',
  config.keyBot,
  'DISCORD_TOKEN',
  keyBotCommands.map((command) => command.data),
);
const poster = await register(
  'poster',
  config.posterBot,
  'POSTER_DISCORD_TOKEN',
  posterBotCommands.map((command) => command.data),
);
if (!key && !poster) {
  logger.error('no bot token is set (DISCORD_TOKEN, POSTER_DISCORD_TOKEN): nothing to register');
  process.exitCode = 1;
}

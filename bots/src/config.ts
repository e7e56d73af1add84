import type { AppConfig } from '@vip/platform';
import type { PreviewRules } from './poster-bot/page-preview.ts';
import { previewRulesFrom } from './poster-bot/preview-settings.ts';
import type { CheckpointOptions } from './shared/fold-checkpoint.ts';

export interface BotCredentials {
  token: string;
  /** The application id; learned from the gateway when unset, needed only to register commands. */
  clientId: string | undefined;
}

/** What the bots read from the environment on top of the product's AppConfig. */
export interface BotsConfig {
  /** null when DISCORD_TOKEN is unset: the key bot does not start. */
  keyBot: BotCredentials | null;
  /** null when POSTER_DISCORD_TOKEN is unset: the poster bot does not start. */
  posterBot: BotCredentials | null;
  /** Discord's REST base (`…/api`); the gateway address comes from its /gateway/bot answer. */
  discordApiUrl: string;
  /** Where the bots send their commands (the product's /api/bot/* routes). */
  productApiUrl: string;
  botApiToken: string | undefined;
  /** The product's public address, for key-page links (`/gen?serverid=`). */
  publicUrl: string;
  /** How long an "hour" of /auto ping lasts; only tests shorten it. */
  autoPingHourMs: number;
  /** Member-count changes are reported at most this often per server. */
  memberCountReportMs: number;
  /** A member who rejoins within this time is not greeted again. */
  greetingRejoinMs: number;
  /** How the poster bot reads a video's page for its embed (timeout, size cap, which addresses). */
  posterPreview: PreviewRules;
  /** How often each bot saves the snapshot of its folds it starts from. */
  snapshots: CheckpointOptions;
  /** Where members of a suspended server are sent (SUPPORT_URL); unset: the reply only says access is restricted. */
  supportUrl: string | undefined;
  logLevel: string;
}

export const DISCORD_API = 'https://discord.com/api';

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * `productUrl` is where the product itself listens when the bots run inside it (the
 * all-in-one process knows its real port, even with PORT=0).
 */
export function loadBotsConfig(app: AppConfig, env: NodeJS.ProcessEnv = process.env, productUrl?: string): BotsConfig {
  const productApiUrl = trimSlash(env.PRODUCT_API_URL || productUrl || `http://127.0.0.1:${app.port}`);
  return {
    keyBot: env.DISCORD_TOKEN ? { token: env.DISCORD_TOKEN, clientId: app.discordClientId } : null,
    posterBot: env.POSTER_DISCORD_TOKEN
      ? { token: env.POSTER_DISCORD_TOKEN, clientId: app.posterDiscordClientId }
      : null,
    discordApiUrl: trimSlash(env.DISCORD_API_URL || DISCORD_API),
    productApiUrl,
    botApiToken: app.botApiToken,
    publicUrl: trimSlash(env.PUBLIC_URL || productApiUrl),
    autoPingHourMs: positiveNumber(env, 'AUTO_PING_HOUR_SECONDS', 3600) * 1000,
    memberCountReportMs: positiveNumber(env, 'GUILD_REPORT_INTERVAL_SECONDS', 60) * 1000,
    greetingRejoinMs: 10 * 60_000,
    posterPreview: previewRulesFrom(env),
    snapshots: {
      everyEvents: positiveNumber(env, 'BOT_SNAPSHOT_EVENTS', 10_000),
      everyMs: positiveNumber(env, 'BOT_SNAPSHOT_SECONDS', 300) * 1000,
    },
    supportUrl: app.supportUrl,
    logLevel: app.logLevel,
  };
}

/** The server's key page: where members get a key to redeem with the Redeem Key button. */
export const keyPageUrl = (config: Pick<BotsConfig, 'publicUrl'>, guildId: string) =>
  `${config.publicUrl}/gen?serverid=${guildId}`;

import os from 'node:os';
import path from 'node:path';
import {
  auditWorkbenchDefaults,
  configDefaults,
  SPONSOR_URL_MAX,
  sponsorUrlOf,
  visitorRetentionDaysDefault,
} from '@vip/contracts';
import { type BillingConfig, billingConfigOf } from './billing-config.ts';
import { RATE_COUNTER_CAP } from './rate-counter/rate-counter.ts';

/**
 * Configuration from the environment, read once at start. Every variable is listed in the
 * README; business constants default to contracts' configDefaults.
 */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Set → the EventStoreDB adapter; unset → embedded SQLite in dataDir. */
  eventStoreUrl: string | undefined;
  /** Set → the MongoDB adapter; unset → embedded SQLite in dataDir. */
  mongodbUrl: string | undefined;
  mongodbDatabase: string;
  /** Megabytes of documents the embedded read store keeps in memory at most; the rest stays on disk. */
  readStoreCacheMb: number;
  /** HS256 secret for session tokens; generated and kept in dataDir when unset (embedded only). */
  jwtSecret: string | undefined;
  sessionHours: number;
  adminUsername: string;
  adminPassword: string | undefined;
  /** Where the built frontend lives; served by the all-in-one process. */
  frontendDir: string;
  corsOrigin: string | undefined;
  logLevel: string;
  /** Trust X-Forwarded-For (only behind the deployment's own proxy): trustProxyHops > 0. */
  trustProxy: boolean;
  /**
   * How many proxies of our own stand in front of the services (TRUST_PROXY_HOPS; TRUST_PROXY=true
   * means 1): the client's address is the right-most entry of X-Forwarded-For that they appended.
   */
  trustProxyHops: number;
  /** argon2 work of this process: hashes at once (half the cores), waiting beyond them, and per client address; more answers 429. */
  passwordHashing: { atOnce: number; queued: number; perClient: number };
  /**
   * What a metrics scraper sends as `Authorization: Bearer …` for /metrics and the details of
   * /api/health. Unset: the all-in-one serves no /metrics; a separate service serves it to
   * whoever reaches its port (inside the deployment: the proxy never forwards /metrics).
   */
  metricsToken: string | undefined;
  /**
   * How long a request may take to arrive, headers and body (Node's default is 300 s): a
   * body that trickles in is cut off with 408.
   */
  requestTimeoutSeconds: number;
  /** Signed-in /ws connections one session may hold, and connections one client address may hold. */
  liveConnections: { perSession: number; perAddress: number };
  /** Service token the bots send as `Authorization: Bearer …`; bot routes answer 401 without it. */
  botApiToken: string | undefined;
  /** The key bot's application id, for invite links (Bot not in server → Invite Bot). */
  discordClientId: string | undefined;
  posterDiscordClientId: string | undefined;
  /** Sign in with Discord (decisions.md §9): on when both the client id and this secret are set. */
  discordClientSecret: string | undefined;
  /** Discord's authorize page (a test points it at the fake Discord). */
  discordOAuthAuthorizeUrl: string;
  /** Discord's REST base, for the OAuth code exchange and the account's guilds. */
  discordApiUrl: string;
  /** Whether a Discord account that is no panel user yet gets one when it signs in. */
  discordSignUp: 'open' | 'closed';
  /** The product's public address; the OAuth redirect is `${publicUrl}/auth/discord/callback` (else the request's own origin). */
  publicUrl: string | undefined;
  /** Optional sponsor checkpoint shown on key pages (decisions.md §3); off when unset. */
  sponsorUrl: string | undefined;
  /** The support server's invite, shown on the invite and 403 pages ("Contact support"). */
  supportUrl: string | undefined;
  keyLifetimeHours: number;
  vipRoleMinutes: number;
  /** A VIP window never reaches further than this from now, however many keys extend it. */
  vipMaxHours: number;
  accessHashLifetimeMinutes: number;
  defaultServerSlots: number;
  /** Servers a subscriber whose plan ended keeps editable (the free tier); the others are read-only. */
  freeTierServers: number;
  /** Plans sold through Stripe (decisions.md §13); undefined: billing is off (no STRIPE_SECRET_KEY). */
  billing: BillingConfig | undefined;
  /**
   * Requests per client per minute. Sign-in counts every attempt per client and username
   * (`login`) and per client whatever the usernames (`loginsPerClient`, so one client cannot
   * make windows at will); an existing account's verified wrong passwords from every client
   * (`loginsPerAccount`), or from one browser that signed in to it before (`login`).
   * `windows`: how many live windows a counter holds at most, split among the limits (a
   * newcomer to a full share is counted by a coarser key; a live window is never dropped).
   */
  rateLimits: {
    keyGeneration: number;
    hashGeneration: number;
    login: number;
    loginsPerClient: number;
    loginsPerAccount: number;
    /** Checkouts a user opens a minute (each asks Stripe several things). */
    checkouts: number;
    windows: number;
  };
  /**
   * Days a visitor's address stays linkable to what it did (VISITOR_RETENTION_DAYS): the log
   * names a visitor by a digest made with a key of the day, destroyed once the day is this old.
   */
  visitorRetentionDays: number;
  /** The auditor's workbench (issue #15): seals of the log, exports, states as of a position. */
  audit: {
    sealEvery: number;
    sealMinutes: number;
    exportMaxEvents: number;
    exportsAtOnce: number;
    replaysAtOnce: number;
  };
}

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** The most VISITOR_RETENTION_DAYS takes: ten years, far beyond any statistic's need. */
export const VISITOR_RETENTION_DAYS_MAX = 3650;

/**
 * At least 2: a rule that looks back across midnight (a page load's second call) reads the
 * day before's digest, whose key must still be there.
 */
function retentionDaysOf(env: NodeJS.ProcessEnv): number {
  const raw = env.VISITOR_RETENTION_DAYS?.trim();
  if (raw === undefined || raw === '') return visitorRetentionDaysDefault;
  const days = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(days >= 2 && days <= VISITOR_RETENTION_DAYS_MAX))
    throw new Error(
      `VISITOR_RETENTION_DAYS must be a whole number of days from 2 to ${VISITOR_RETENTION_DAYS_MAX} (how long a visitor's hashed address stays linkable to it), got "${env.VISITOR_RETENTION_DAYS}"`,
    );
  return days;
}

/** TRUST_PROXY_HOPS wins; TRUST_PROXY=true alone is the one proxy of docker-compose. */
function proxyHopsOf(env: NodeJS.ProcessEnv): number {
  if (env.TRUST_PROXY_HOPS !== undefined && env.TRUST_PROXY_HOPS !== '') return int('TRUST_PROXY_HOPS', 0, env);
  if (env.TRUST_PROXY === undefined || env.TRUST_PROXY === '' || env.TRUST_PROXY === 'false') return 0;
  if (env.TRUST_PROXY === 'true') return 1;
  throw new Error(`TRUST_PROXY must be true or false (or set TRUST_PROXY_HOPS), got "${env.TRUST_PROXY}"`);
}

function signUpOf(raw: string | undefined): 'open' | 'closed' {
  if (raw === undefined || raw === '' || raw === 'closed') return 'closed';
  if (raw === 'open') return 'open';
  throw new Error(`DISCORD_SIGNUP must be open or closed, got "${raw}"`);
}

/** An address shown to visitors: absolute http(s), as contracts' sponsor check says; a wrong one stops the start. */
function publicAddress(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const url = sponsorUrlOf(raw);
  if (url === null)
    throw new Error(
      `${name} must be a full http:// or https:// address without a user name (at most ${SPONSOR_URL_MAX} characters), got "${raw}"`,
    );
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../..');
  const logins = int('RATE_LIMIT_LOGINS_PER_MINUTE', 10, env);
  return {
    port: int('PORT', 3000, env),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    mongodbUrl: env.MONGODB_URL || undefined,
    mongodbDatabase: env.MONGODB_DATABASE || 'vip_access',
    readStoreCacheMb: int('READ_STORE_CACHE_MB', 16, env),
    jwtSecret: env.JWT_SECRET || undefined,
    sessionHours: int('SESSION_HOURS', configDefaults.sessionHours, env),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    frontendDir: path.resolve(env.FRONTEND_DIR || path.join(root, 'frontend/dist')),
    corsOrigin: env.CORS_ORIGIN || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: proxyHopsOf(env) > 0,
    trustProxyHops: proxyHopsOf(env),
    passwordHashing: {
      // half the cores: the other half keeps answering everyone else while sign-ins queue
      atOnce: Math.max(1, int('PASSWORD_HASHES_AT_ONCE', Math.floor(os.availableParallelism() / 2), env)),
      queued: int('PASSWORD_HASHES_QUEUED', 16, env),
      perClient: Math.max(1, int('PASSWORD_HASHES_PER_CLIENT', 3, env)),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    requestTimeoutSeconds: Math.max(1, int('REQUEST_TIMEOUT_SECONDS', 30, env)),
    liveConnections: {
      perSession: Math.max(1, int('WS_CONNECTIONS_PER_SESSION', 8, env)),
      perAddress: Math.max(1, int('WS_CONNECTIONS_PER_ADDRESS', 64, env)),
    },
    botApiToken: env.BOT_API_TOKEN || undefined,
    discordClientId: env.DISCORD_CLIENT_ID || undefined,
    posterDiscordClientId: env.POSTER_DISCORD_CLIENT_ID || undefined,
    discordClientSecret: env.DISCORD_CLIENT_SECRET || undefined,
    discordOAuthAuthorizeUrl: env.DISCORD_OAUTH_AUTHORIZE_URL || 'https://discord.com/oauth2/authorize',
    discordApiUrl: (env.DISCORD_API_URL || 'https://discord.com/api').replace(/\/+$/, ''),
    discordSignUp: signUpOf(env.DISCORD_SIGNUP),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    sponsorUrl: publicAddress('SPONSOR_URL', env),
    supportUrl: publicAddress('SUPPORT_URL', env),
    keyLifetimeHours: int('KEY_LIFETIME_HOURS', configDefaults.keyLifetimeHours, env),
    // VIP_ROLE_SECONDS (tests: windows of seconds) wins over VIP_ROLE_MINUTES; fractions of a minute are fine downstream
    vipRoleMinutes: env.VIP_ROLE_SECONDS
      ? Math.max(1, int('VIP_ROLE_SECONDS', 60, env)) / 60
      : int('VIP_ROLE_MINUTES', configDefaults.vipRoleMinutes, env),
    vipMaxHours: Math.max(1, int('VIP_MAX_HOURS', configDefaults.vipMaxHours, env)),
    accessHashLifetimeMinutes: int('ACCESS_HASH_LIFETIME_MINUTES', configDefaults.accessHashLifetimeMinutes, env),
    defaultServerSlots: int('DEFAULT_SERVER_SLOTS', configDefaults.defaultServerSlots, env),
    freeTierServers: int('FREE_TIER_SERVERS', configDefaults.freeTierServers, env),
    billing: billingConfigOf(env),
    rateLimits: {
      keyGeneration: int('RATE_LIMIT_KEYS_PER_MINUTE', 10, env),
      hashGeneration: int('RATE_LIMIT_HASHES_PER_MINUTE', 30, env),
      login: logins,
      loginsPerClient: int('RATE_LIMIT_LOGINS_PER_CLIENT_PER_MINUTE', logins * 3, env),
      loginsPerAccount: int('RATE_LIMIT_LOGINS_PER_ACCOUNT_PER_MINUTE', logins * 3, env),
      checkouts: Math.max(1, int('RATE_LIMIT_CHECKOUTS_PER_MINUTE', 5, env)),
      windows: Math.max(1, int('RATE_LIMIT_WINDOWS', RATE_COUNTER_CAP, env)),
    },
    visitorRetentionDays: retentionDaysOf(env),
    audit: {
      sealEvery: Math.max(1, int('AUDIT_SEAL_EVERY', auditWorkbenchDefaults.sealEvery, env)),
      sealMinutes: Math.max(1, int('AUDIT_SEAL_MINUTES', auditWorkbenchDefaults.sealMinutes, env)),
      exportMaxEvents: Math.max(1, int('AUDIT_EXPORT_MAX_EVENTS', auditWorkbenchDefaults.exportMaxEvents, env)),
      exportsAtOnce: Math.max(1, int('AUDIT_EXPORTS_AT_ONCE', auditWorkbenchDefaults.exportsAtOnce, env)),
      replaysAtOnce: Math.max(1, int('AUDIT_REPLAYS_AT_ONCE', auditWorkbenchDefaults.replaysAtOnce, env)),
    },
  };
}

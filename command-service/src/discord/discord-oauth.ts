import { randomBytes } from 'node:crypto';
import { discordTexts, errorCodes, plainNameOf, SNOWFLAKE } from '@vip/contracts';
import { type AppConfig, DomainError, type Keyring, sameSecret } from '@vip/platform';
import type { DiscordProfile } from './discord-link.decider.ts';

/** Discord could not be reached, timed out or failed: the person is asked to try again (never a 500). */
export class DiscordUnreachable extends Error {
  readonly name = 'DiscordUnreachable';
}

/** A server in OAuth's guild list, as Discord describes the account's place in it. */
export interface OAuthGuild {
  id: string;
  name: string;
  icon: string | null;
  owner: boolean;
  permissions: string;
}

export interface DiscordAccountRead {
  account: DiscordProfile;
  /** The account's unique handle (a new panel user's name is made from it). */
  handle: string;
  guilds: OAuthGuild[];
}

const TIMEOUT_MS = 10_000;
/** A Discord image hash (avatars, server icons): anything else is no image, never part of an address. */
const IMAGE_HASH = /^(?:a_)?[0-9a-f]{32}$/;

type OAuthSettings = Pick<AppConfig, 'discordClientId' | 'discordClientSecret' | 'discordApiUrl'>;

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (response.status >= 500 || response.status === 429) throw new DiscordUnreachable(`HTTP ${response.status}`);
    return response;
  } catch (error) {
    if (error instanceof DiscordUnreachable) throw error;
    throw new DiscordUnreachable(error instanceof Error ? error.message : String(error));
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new DiscordUnreachable(`an unreadable answer (HTTP ${response.status})`);
  }
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
/** At most `length` characters, never half of one (a cut surrogate pair is no plain text). */
const atMost = (name: string, length: number) => Array.from(name).slice(0, length).join('');
const imageHash = (value: unknown): string | null =>
  typeof value === 'string' && IMAGE_HASH.test(value) ? value : null;

/**
 * The authorization-code exchange and the two reads sign-in needs (scopes `identify guilds`).
 * The access token lives only inside this call: it is neither returned, logged nor stored.
 * Names arrive as Discord has them, so they are made plain text here, as every other text
 * is (issue #19 item 6): control characters, text direction overrides and runs of invisible
 * characters are stripped (a person cannot change what Discord says and must still sign in),
 * and a name left empty becomes the handle or the server's id. Image hashes that are not
 * hashes are dropped.
 */
export async function readDiscordAccount(
  settings: OAuthSettings,
  code: string,
  redirectUri: string,
): Promise<DiscordAccountRead> {
  const exchanged = await call(`${settings.discordApiUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: settings.discordClientId ?? '',
      client_secret: settings.discordClientSecret ?? '',
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    }),
  });
  // invalid_grant: a code used twice, expired, or made for another redirect address
  if (!exchanged.ok) throw new DomainError('invalid', discordTexts.codeRefused, errorCodes.discordCodeRefused);
  const { access_token: accessToken } = (await json(exchanged)) as { access_token?: unknown };
  if (!text(accessToken)) throw new DiscordUnreachable('no access token in the answer');
  const headers = { authorization: `Bearer ${accessToken}` };

  const me = (await json(await call(`${settings.discordApiUrl}/users/@me`, { headers }))) as Record<string, unknown>;
  if (!text(me.id) || !SNOWFLAKE.test(me.id) || !text(me.username)) throw new DiscordUnreachable('no account');
  const listed = await json(await call(`${settings.discordApiUrl}/users/@me/guilds`, { headers }));
  if (!Array.isArray(listed)) throw new DiscordUnreachable('no guild list');
  const guilds = listed.flatMap((raw): OAuthGuild[] => {
    const guild = raw as Record<string, unknown>;
    if (!text(guild.id) || !SNOWFLAKE.test(guild.id) || !text(guild.name)) return [];
    return [
      {
        id: guild.id,
        name: atMost(plainNameOf(guild.name, guild.id), 100),
        icon: imageHash(guild.icon),
        owner: guild.owner === true,
        permissions: typeof guild.permissions === 'string' ? guild.permissions : '0',
      },
    ];
  });
  // Discord allows only [a-z0-9_.] in handles; its own rule is not taken on trust
  const handle = plainNameOf(me.username, `discord-${me.id.slice(-6)}`);
  return {
    account: {
      discordUserId: me.id,
      // the name people see in Discord; the unique handle when they set none
      username: atMost(text(me.global_name) ? plainNameOf(me.global_name, handle) : handle, 64),
      avatar: imageHash(me.avatar),
    },
    handle,
    guilds,
  };
}

/** What a sign-in with Discord remembers between the start and Discord sending the browser back. */
export interface SignInIntent {
  intent: 'sign-in' | 'connect';
  /** The panel user who connects Discord (connect only). */
  userId: string | null;
  /** The exact redirect address given to Discord: the code exchange must name it again. */
  redirectUri: string;
  expiresAt: number;
}

/** The HttpOnly cookie that binds a sign-in to the browser that started it. */
export const SIGN_IN_COOKIE = 'vip_discord_sign_in';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * OAuth's `state`: the intent, signed with the deployment's secret together with a random
 * nonce that only the starting browser holds (in the cookie). A state from another browser
 * (login CSRF), an edited one, or one whose cookie is gone does not verify.
 */
export function issueSignInState(keyring: Keyring, intent: SignInIntent): { state: string; nonce: string } {
  const nonce = randomBytes(32).toString('base64url');
  // the random part makes every state distinct, so that a completed one can be recognised
  const payload = encode({ ...intent, n: randomBytes(9).toString('base64url') });
  return { state: `${payload}.${keyring.keyedDigest('discord-sign-in', `${payload}.${nonce}`)}`, nonce };
}

export function verifySignInState(keyring: Keyring, state: string, nonce: string | undefined, now: Date): SignInIntent {
  const forged = () => new DomainError('invalid', discordTexts.stateForged, errorCodes.discordStateForged);
  const [payload, signature, ...rest] = state.split('.');
  if (!nonce || !payload || !signature || rest.length > 0) throw forged();
  if (!sameSecret(signature, keyring.keyedDigest('discord-sign-in', `${payload}.${nonce}`))) throw forged();
  const intent = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignInIntent;
  if (now.getTime() >= intent.expiresAt)
    throw new DomainError('invalid', discordTexts.stateExpired, errorCodes.discordStateExpired);
  return intent;
}

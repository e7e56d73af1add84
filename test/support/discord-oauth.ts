import { expect } from 'chai';
import { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { api } from './http.ts';

/** Sign in with Discord against the fake Discord, over plain HTTP: what API tests share. */
export const CLIENT_ID = '700000000000000001';
export const CLIENT_SECRET = 'fake-client-secret';
export const D_ALICE = '710000000000000001';
export const D_STRANGER = '710000000000000009';
export const D_ADMIN = '710000000000000002';
export const [OWNED, MANAGED, MEMBER_ONLY] = ['720000000000000001', '720000000000000002', '720000000000000003'];
export const AVATAR = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
export const avatarUrl = `https://cdn.discordapp.com/avatars/${D_ALICE}/${AVATAR}.png?size=128`;

/** A browser's way through Sign in with Discord: the cookie jar is one cookie. */
export interface Started {
  authorizeUrl: URL;
  cookie: string;
}

/** A Discord world: Alice owns one server, manages another, is a plain member of a third. */
export async function discordWorld(): Promise<FakeDiscord> {
  const fake = await FakeDiscord.start([]);
  fake.oauth.addUser({ id: D_ALICE, username: 'alice.d', globalName: 'Alice D', avatar: AVATAR });
  fake.oauth.addUser({ id: D_STRANGER, username: 'stranger', avatar: null });
  fake.oauth.addUser({ id: D_ADMIN, username: 'the.admin', avatar: 'ffeeddccbbaa99887766554433221100' });
  fake.addGuild({ id: OWNED, name: 'Alice Owns', ownerId: D_ALICE, channels: [], bots: [] });
  const managed = fake.addGuild({
    id: MANAGED,
    name: 'Alice Manages',
    ownerId: '719999999999999999',
    channels: [],
    bots: [],
  });
  fake.addRole(managed, { id: '720000000000000092', name: 'Mods', position: 2, permissions: 1n << 5n });
  fake.addMember(managed, D_ALICE, 'alice.d', ['720000000000000092']);
  const member = fake.addGuild({
    id: MEMBER_ONLY,
    name: 'Alice Visits',
    ownerId: '719999999999999999',
    channels: [],
    bots: [],
  });
  fake.addMember(member, D_ALICE, 'alice.d');
  return fake;
}

export function productEnv(fake: FakeDiscord, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DISCORD_CLIENT_ID: CLIENT_ID,
    DISCORD_CLIENT_SECRET: CLIENT_SECRET,
    DISCORD_API_URL: fake.apiUrl,
    DISCORD_OAUTH_AUTHORIZE_URL: `${fake.url}/oauth2/authorize`,
    ...extra,
  };
}

/** The OAuth journey of one browser (start, Discord's authorize page, the callback), for a product's tests. */
export function oauthBrowser(productUrl: () => string, fake: () => FakeDiscord) {
  const start = async (intent: 'sign-in' | 'connect' = 'sign-in', token?: string): Promise<Started> => {
    const response = await api(productUrl(), 'POST', '/api/auth/discord/start', { token, body: { intent } });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    return { authorizeUrl: new URL(response.body.authorizeUrl), cookie: setCookie.split(';')[0] };
  };
  /** The person presses Authorize on Discord's page: the address Discord sends the browser back to. */
  const authorize = async (started: Started, as: string): Promise<{ code: string; state: string }> => {
    fake().oauth.signedInAs = as;
    const form = new URLSearchParams(started.authorizeUrl.searchParams);
    form.set('decision', 'authorize');
    const response = await fetch(`${fake().url}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).to.equal(302);
    const back = new URL(response.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).to.equal(`${productUrl()}/auth/discord/callback`);
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  };
  const callback = (body: { code: string; state: string }, cookie: string | undefined, token?: string) =>
    api(productUrl(), 'POST', '/api/auth/discord/callback', { token, body, headers: cookie ? { cookie } : {} });
  const signInAs = async (discordUserId: string, token?: string, intent: 'sign-in' | 'connect' = 'sign-in') => {
    const started = await start(intent, token);
    return callback(await authorize(started, discordUserId), started.cookie, token);
  };
  return { start, authorize, callback, signInAs };
}

/** The fake registers the product's OAuth application once the product's address is known. */
export function registerApp(fake: FakeDiscord, productUrl: string): void {
  fake.oauth.apps.push({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${productUrl}/auth/discord/callback`],
  });
}

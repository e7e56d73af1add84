import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { type FakeGuild, permissionsOf } from './payloads.ts';
import type { RestCall } from './rest.ts';

/** A person who can sign in with Discord at the fake (a member of the fake's servers by the same id). */
export interface FakeDiscordUser {
  id: string;
  username: string;
  globalName?: string;
  /** An avatar hash, or null. */
  avatar: string | null;
}

/** An OAuth application registered at the fake (Developer Portal → OAuth2). */
export interface FakeOAuthApp {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** What the fake answers outside the bots' JSON REST: pages, redirects, form posts. */
export interface OAuthAnswer {
  status: number;
  body?: unknown;
  html?: string;
  location?: string;
}

const htmlText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Discord's OAuth2 authorization-code flow as the product's "Sign in with Discord" uses it:
 * the authorize page (a real page a browser submits, signed in as `signedInAs`), the code
 * exchange at POST /api/oauth2/token (each code once, for its redirect address), and the
 * account's /users/@me and /users/@me/guilds with the access token. `down` makes the token
 * exchange fail the way an outage does.
 */
export class FakeOAuth {
  readonly apps: FakeOAuthApp[] = [];
  readonly users = new Map<string, FakeDiscordUser>();
  /** Who is signed in to Discord in the browser that opens the authorize page. */
  signedInAs: string | null = null;
  /** Discord does not answer the token exchange (connection closed). */
  down = false;
  private readonly codes = new Map<string, { userId: string; clientId: string; redirectUri: string; used: boolean }>();
  private readonly tokens = new Map<string, string>();

  constructor(private readonly guilds: () => Iterable<FakeGuild>) {}

  addUser(user: FakeDiscordUser): FakeDiscordUser {
    this.users.set(user.id, user);
    return user;
  }

  /** A code Discord would hand the browser after the user authorized the app (for tests that skip the page). */
  issueCode(userId: string, clientId: string, redirectUri: string): string {
    const code = randomBytes(15).toString('base64url');
    this.codes.set(code, { userId, clientId, redirectUri, used: false });
    return code;
  }

  /** The answer to an OAuth call, or undefined when the call is none of these (the bots' REST then answers). */
  answer(call: RestCall, request: http.IncomingMessage): OAuthAnswer | 'close' | undefined {
    if (call.path === '/oauth2/authorize' && call.method === 'GET') return this.authorizePage(call.query);
    if (call.path === '/oauth2/authorize' && call.method === 'POST') return this.authorized(call.body);
    if (call.path === '/oauth2/token' && call.method === 'POST') return this.down ? 'close' : this.exchange(call.body);
    const bearer = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer) return undefined;
    const userId = this.tokens.get(bearer);
    if (!userId) return { status: 401, body: { code: 0, message: '401: Unauthorized' } };
    const user = this.users.get(userId)!;
    if (call.method === 'GET' && call.path === '/users/@me')
      return {
        status: 200,
        body: {
          id: user.id,
          username: user.username,
          global_name: user.globalName ?? null,
          avatar: user.avatar,
          discriminator: '0',
        },
      };
    if (call.method === 'GET' && call.path === '/users/@me/guilds') return { status: 200, body: this.guildsOf(userId) };
    return { status: 404, body: { code: 0, message: '404: Not Found' } };
  }

  /** The servers the user is in, with their place there, as /users/@me/guilds lists them. */
  private guildsOf(userId: string) {
    return [...this.guilds()]
      .filter((guild) => guild.members.has(userId) || guild.ownerId === userId)
      .map((guild) => ({
        id: guild.id,
        name: guild.name,
        icon: guild.icon,
        owner: guild.ownerId === userId,
        permissions: permissionsOf(guild, userId).toString(),
        features: [],
      }));
  }

  private appFor(query: Record<string, string>): FakeOAuthApp | string {
    const app = this.apps.find((candidate) => candidate.clientId === query.client_id);
    if (!app) return 'Unknown application';
    if (!app.redirectUris.includes(query.redirect_uri ?? '')) return 'Invalid OAuth2 redirect_uri';
    if (query.response_type !== 'code') return 'Unsupported response type';
    return app;
  }

  private authorizePage(query: Record<string, string>): OAuthAnswer {
    const app = this.appFor(query);
    if (typeof app === 'string') return { status: 400, html: `<p>${htmlText(app)}</p>` };
    const user = this.signedInAs ? this.users.get(this.signedInAs) : undefined;
    if (!user) return { status: 200, html: '<main><h1>Log in to Discord</h1><p>Nobody is signed in.</p></main>' };
    const hidden = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state']
      .map((name) => `<input type="hidden" name="${name}" value="${htmlText(query[name] ?? '')}">`)
      .join('');
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><head><title>Discord | Authorize access to your account</title></head><body>
<main><h1>An external application wants to access your Discord account</h1>
<p>Signed in as <strong>${htmlText(user.globalName ?? user.username)}</strong></p>
<p>It will be able to: ${htmlText(query.scope ?? '')}</p>
<form method="post" action="/oauth2/authorize">${hidden}
<button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="authorize">Authorize</button></form></main></body></html>`,
    };
  }

  private authorized(body: unknown): OAuthAnswer {
    const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
    const app = this.appFor(form);
    if (typeof app === 'string') return { status: 400, html: `<p>${htmlText(app)}</p>` };
    const back = new URL(form.redirect_uri);
    if (form.state) back.searchParams.set('state', form.state);
    if (form.decision !== 'authorize' || !this.signedInAs) {
      back.searchParams.set('error', 'access_denied');
      return { status: 302, location: back.toString() };
    }
    back.searchParams.set('code', this.issueCode(this.signedInAs, app.clientId, form.redirect_uri));
    return { status: 302, location: back.toString() };
  }

  private exchange(body: unknown): OAuthAnswer {
    const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
    const app = this.apps.find((candidate) => candidate.clientId === form.client_id);
    if (!app || app.clientSecret !== form.client_secret) return { status: 401, body: { error: 'invalid_client' } };
    const grant = this.codes.get(form.code ?? '');
    if (
      form.grant_type !== 'authorization_code' ||
      !grant ||
      grant.used ||
      grant.clientId !== app.clientId ||
      grant.redirectUri !== form.redirect_uri
    )
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' } };
    grant.used = true;
    const accessToken = randomBytes(20).toString('base64url');
    this.tokens.set(accessToken, grant.userId);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 604_800,
        refresh_token: randomBytes(20).toString('base64url'),
        scope: 'identify guilds',
      },
    };
  }

  /** Writes an answer of this module (a page, a redirect, JSON) to the response. */
  static send(response: http.ServerResponse, answer: OAuthAnswer | 'close'): void {
    if (answer === 'close') {
      response.socket?.destroy();
      return;
    }
    response.statusCode = answer.status;
    if (answer.location) response.setHeader('location', answer.location);
    if (answer.html !== undefined) {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(answer.html);
      return;
    }
    if (answer.body === undefined) return void response.end();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer.body));
  }
}

import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import {
  announcementsApi,
  authApi,
  defineRoute,
  errorCodes,
  errorTexts,
  greetingsApi,
  keysApi,
  subscriptionsApi,
  subscriptionTexts,
  whitelistApi,
} from '@vip/contracts';
import { DomainError } from '../src/domain-error.ts';
import type { SignedInUser } from '../src/auth/authenticator.ts';
import { errorHandler, jsonBody } from '../src/http/middleware.ts';
import { mountRoutes, on, type MountedRoute } from '../src/http/mount.ts';
import { createLogger } from '../src/logger.ts';

const BOT_TOKEN = 'bot-token-for-the-mount-test';
const admin: SignedInUser = { id: 'a1', username: 'admin', isAdmin: true, avatar: null, sessionId: 's1' };
const subscriber: SignedInUser = { id: 'u1', username: 'ann', isAdmin: false, avatar: null, sessionId: 's2' };

/** A service of the given routes behind the same error handling and body parsing as the product. */
async function serve(routes: MountedRoute[]): Promise<{ url: string; server: Server }> {
  const app = new Koa();
  app.use(errorHandler(createLogger('mount-test', 'silent')));
  app.use(jsonBody());
  // the caller a test names, instead of a signed token
  app.use(async (ctx, next) => {
    const who = ctx.get('x-test-user');
    if (who) ctx.state.user = who === 'admin' ? admin : subscriber;
    await next();
  });
  app.use(mountRoutes(routes, { botApiToken: BOT_TOKEN }).routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function call(url: string, method: string, path: string, options: { as?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.as === 'bot') headers.authorization = `Bearer ${BOT_TOKEN}`;
  else if (options.as) headers['x-test-user'] = options.as;
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('routes mounted from the catalogue', () => {
  let url: string;
  let server: Server;
  const seen: unknown[] = [];
  let limitedKeys: string[] = [];

  before(async () => {
    ({ url, server } = await serve([
      on(whitelistApi.add, ({ body, user }) => {
        seen.push({ body, user: user.id });
        return { ok: true };
      }),
      on(subscriptionsApi.end, ({ params }) => ({ id: params.id })),
      on(subscriptionsApi.userProfile, ({ params }) => ({ profile: params.id })),
      on(authApi.userInfo, ({ user }) => ({ info: user.username })),
      on(keysApi.redeemKey, ({ body }) => ({ key: body.key })),
      on(greetingsApi.save, ({ params }) => ({ saved: params.serverId }), {
        authorize: ({ user }) => {
          if (!user.isAdmin) throw new DomainError('forbidden', errorTexts.notYourServer, errorCodes.notYourServer);
        },
      }),
      on(keysApi.generateKey, ({ body }) => ({ guildId: body.guildId }), {
        rateLimit: {
          perMinute: 2,
          keyOf: ({ body }) => {
            limitedKeys.push(body.guildId);
            return body.guildId;
          },
        },
      }),
      on(
        keysApi.generateHash,
        () => {
          throw new DomainError('not_found', 'no such server', errorCodes.botNotInServer);
        },
        {
          rateLimit: { perMinute: 100, keyOf: () => 'one' },
          refusal: (error) => ({ success: false, message: error.message, code: error.code }),
        },
      ),
      on(announcementsApi.remove, () => undefined),
    ]));
  });
  after(() => server.close());

  it('answers with the spec’s status and passes the handler the validated body and the caller', async () => {
    const response = await call(url, 'POST', '/api/admin/whitelist', {
      as: 'admin',
      body: { userId: ' 100000000000000001 ', guildId: '100000000000000002' },
    });
    expect(response).to.deep.equal({ status: 201, body: { ok: true } });
    // trimmed and defaulted by the schema
    expect(seen.at(-1)).to.deep.equal({
      body: { userId: '100000000000000001', guildId: '100000000000000002', duration: 'monthly' },
      user: 'a1',
    });
  });

  it('refuses the caller before it looks at the input', async () => {
    expect((await call(url, 'POST', '/api/admin/whitelist')).status).to.equal(401);
    expect((await call(url, 'POST', '/api/admin/whitelist', { as: 'subscriber' })).body).to.deep.equal({
      error: errorTexts.forbidden,
      code: 'forbidden',
    });
    expect((await call(url, 'POST', '/api/bot/keys/redeem', { as: 'admin' })).status).to.equal(401);
    expect((await call(url, 'POST', '/api/greetings/settings/bad', { as: 'subscriber' })).status).to.equal(400);
    // an owner route says 403 before the (empty) body is judged
    expect(
      (await call(url, 'POST', '/api/greetings/settings/100000000000000001', { as: 'subscriber' })).status,
    ).to.equal(403);
  });

  it('validates a form with "Please fill in all fields", and a body with the first problem', async () => {
    const form = await call(url, 'POST', '/api/admin/whitelist', { as: 'admin', body: { userId: 'x' } });
    expect(form).to.deep.equal({ status: 400, body: { error: errorTexts.fillAllFields, code: 'validation' } });
    const redeemed = await call(url, 'POST', '/api/bot/keys/redeem', {
      as: 'bot',
      body: { guildId: '100000000000000001', discordUserId: '100000000000000002', key: 'K' },
    });
    expect(redeemed).to.deep.equal({ status: 200, body: { key: 'K' } });
  });

  it('answers what a refused path parameter means: 404 with its code, or no match at all', async () => {
    const unknown = await call(url, 'POST', '/api/admin/subscribers/not-a-uuid/end', { as: 'admin' });
    expect(unknown).to.deep.equal({
      status: 404,
      body: { error: subscriptionTexts.subscriberNotFound, code: errorCodes.subscriberNotFound },
    });
    // /api/user/info is mounted after /api/user/:id here: "info" is no user id, so the next route answers
    expect(await call(url, 'GET', '/api/user/info', { as: 'admin' })).to.deep.equal({
      status: 200,
      body: { info: 'admin' },
    });
  });

  it('counts a rate limit after validation, keyed by the valid input', async () => {
    limitedKeys = [];
    const generate = (guildId: unknown) => call(url, 'POST', '/api/keys/generateKey', { body: { guildId } });
    expect((await generate('')).status).to.equal(400);
    expect((await generate(' g1 ')).status).to.equal(200);
    expect((await generate('g1')).status).to.equal(200);
    const limited = await generate('g1');
    expect(limited).to.deep.equal({
      status: 429,
      body: { error: errorTexts.tooManyRequests, code: errorCodes.rateLimited },
    });
    expect((await generate('g2')).status).to.equal(200);
    expect(limitedKeys).to.deep.equal(['g1', 'g1', 'g1', 'g2']);
  });

  it('words a route’s refusals its own way when it has one, validation included', async () => {
    expect(await call(url, 'POST', '/api/hash/generate', { body: { serverId: 'x' } })).to.deep.equal({
      status: 404,
      body: { success: false, message: 'no such server', code: errorCodes.botNotInServer },
    });
    expect((await call(url, 'POST', '/api/hash/generate', { body: {} })).body).to.include({ success: false });
  });

  it('answers 204 when the handler returns nothing', async () => {
    const deleted = await call(url, 'DELETE', '/api/announcements/a1', { as: 'admin' });
    expect(deleted).to.deep.equal({ status: 204, body: undefined });
  });

  it('refuses to mount what the catalogue does not say', () => {
    const stray = defineRoute({
      method: 'GET',
      path: '/api/stray',
      auth: 'anonymous',
      summary: 'not catalogued',
      response: { status: 200, description: '' },
    });
    expect(() => mountRoutes([on(stray, () => ({}))])).to.throw(/not in the API catalogue/);
    expect(() => on(keysApi.generateKey, () => ({}))).to.throw(/rate limit/);
    expect(() => on(greetingsApi.save, () => ({}))).to.throw(/authorize/);
  });
});

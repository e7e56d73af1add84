import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { answer, apiCatalogue, defineRoute, errorCodes, errorTexts, type RouteSpec } from '@vip/contracts';
import { expect } from 'chai';
import Koa from 'koa';
import { z } from 'zod';
import type { SignedInUser } from '../src/auth/authenticator.ts';
import { DomainError } from '../src/domain-error.ts';
import { type AppState, errorHandler, jsonBody } from '../src/http/middleware.ts';
import { answeredOnCtx, type MountedRoute, mountRoutes, on, requireServerHolder } from '../src/http/mount.ts';
import { createLogger } from '../src/logger.ts';

const BOT_TOKEN = 'bot-token-for-the-mount-test';
const admin: SignedInUser = { id: 'a1', username: 'admin', isAdmin: true, avatar: null, sessionId: 's1' };
const subscriber: SignedInUser = { id: 'u1', username: 'ann', isAdmin: false, avatar: null, sessionId: 's2' };

// routes of this test's own, so that it does not move when the product's schemas do
const fill = errorTexts.fillAllFields;
const required = z.string({ error: fill }).trim().min(1, fill);
const id = z.string().regex(/^\d{3}$/, 'An id is three digits');
const route = <const Spec extends Omit<RouteSpec, 'summary' | 'response'>>(spec: Spec, status = 200) =>
  defineRoute({ ...spec, summary: 'test', response: answer<unknown>(status, 'test') });
const spec = {
  form: route(
    { method: 'POST', path: '/t/form', auth: 'admin', body: z.object({ a: required, b: required }), form: true },
    201,
  ),
  body: route({
    method: 'POST',
    path: '/t/body',
    auth: 'bot',
    bot: 'poster-bot',
    body: z.object({ a: required, b: z.string().max(2, 'b is short') }),
  }),
  owner: route({
    method: 'POST',
    path: '/t/owner/:id',
    auth: 'owner',
    params: { id },
    body: z.object({ a: required }),
  }),
  named: route({
    method: 'GET',
    path: '/t/named/:id',
    auth: 'signedIn',
    params: { id },
    invalidParams: { notFound: errorCodes.userNotFound },
  }),
  unmatched: route({
    method: 'GET',
    path: '/t/user/:id',
    auth: 'signedIn',
    params: { id },
    invalidParams: 'unmatched',
  }),
  fixed: route({ method: 'GET', path: '/t/user/info', auth: 'signedIn' }),
  limited: route({
    method: 'POST',
    path: '/t/limited',
    auth: 'anonymous',
    body: z.object({ name: required }),
    rateLimited: true,
  }),
  shaped: route({ method: 'POST', path: '/t/shaped', auth: 'anonymous', body: z.object({ name: required }) }),
  deleted: route({ method: 'DELETE', path: '/t/deleted/:id', auth: 'admin', params: { id } }, 204),
  answeredOnCtx: route({ method: 'GET', path: '/t/taken/:id', auth: 'anonymous', params: { id } }),
};

/** The routes behind the product's error handling and body parsing, mounted as mountRoutes mounts them. */
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
  const router = new Router();
  for (const mounted of routes)
    router.register(mounted.spec.path, [mounted.spec.method], (ctx, next) =>
      mounted.run(ctx, next, { botApiToken: BOT_TOKEN }),
    );
  app.use(router.routes());
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

describe('routes mounted from their spec', () => {
  let url: string;
  let server: Server;
  const seen: unknown[] = [];
  let limitedKeys: string[] = [];

  before(async () => {
    ({ url, server } = await serve([
      on(spec.form, ({ body, user }) => {
        seen.push({ body, user: user.id });
        return { ok: true };
      }),
      on(spec.body, ({ ctx, body }) => ({ ...body, bot: (ctx.state as AppState).bot })),
      on(spec.owner, ({ params, body }) => ({ saved: params.id, a: body.a }), {
        // the subscriber holds server 456 only
        authorize: ({ user, params }) => requireServerHolder(user, async () => (params.id === '456' ? 'u1' : null)),
      }),
      on(spec.named, ({ params }) => ({ named: params.id })),
      on(spec.unmatched, ({ params }) => ({ user: params.id })),
      on(spec.fixed, ({ user }) => ({ info: user.username })),
      on(spec.limited, ({ body }) => ({ name: body.name }), {
        rateLimit: {
          perMinute: 2,
          keyOf: ({ body }) => {
            limitedKeys.push(body.name);
            return body.name;
          },
        },
      }),
      on(
        spec.shaped,
        () => {
          throw new DomainError('not_found', 'no such server', errorCodes.botNotInServer);
        },
        { refusal: (error) => ({ success: false, message: error.message, code: error.code }) },
      ),
      on(spec.deleted, () => undefined),
      on(spec.answeredOnCtx, ({ ctx, params }) => {
        ctx.status = 409;
        ctx.body = { taken: params.id };
        return answeredOnCtx;
      }),
    ]));
  });
  after(() => server.close());

  it('answers with the spec’s status and passes the handler the validated body and the caller', async () => {
    const response = await call(url, 'POST', '/t/form', { as: 'admin', body: { a: ' x ', b: 'y' } });
    expect(response).to.deep.equal({ status: 201, body: { ok: true } });
    // trimmed by the schema
    expect(seen.at(-1)).to.deep.equal({ body: { a: 'x', b: 'y' }, user: 'a1' });
  });

  it('refuses the caller before it looks at the input', async () => {
    expect((await call(url, 'POST', '/t/form')).status).to.equal(401);
    expect((await call(url, 'POST', '/t/form', { as: 'subscriber' })).body).to.deep.equal({
      error: errorTexts.forbidden,
      code: 'forbidden',
    });
    expect((await call(url, 'POST', '/t/body', { as: 'admin' })).body).to.deep.equal({
      error: errorTexts.botOnly,
      code: 'unauthorized',
    });
    expect((await call(url, 'POST', '/t/owner/1', { as: 'subscriber' })).status).to.equal(400);
    // an owner route says 403 before the (empty) body is judged
    expect((await call(url, 'POST', '/t/owner/123', { as: 'subscriber' })).status).to.equal(403);
    expect(await call(url, 'POST', '/t/owner/123', { as: 'admin', body: { a: 'z' } })).to.deep.equal({
      status: 200,
      body: { saved: '123', a: 'z' },
    });
    expect((await call(url, 'POST', '/t/owner/456', { as: 'subscriber', body: { a: 'z' } })).status).to.equal(200);
  });

  it('says who may act on a server once: an admin on any, anyone else on the one they hold', async () => {
    let reads = 0;
    const holder = (id: string | null) => async () => {
      reads++;
      return id;
    };
    await requireServerHolder(admin, holder(null));
    expect(reads, 'an admin needs no holder').to.equal(0);
    await requireServerHolder(subscriber, holder('u1'));
    for (const other of ['u2', null]) {
      const refused = await requireServerHolder(subscriber, holder(other)).catch((error: unknown) => error);
      expect(refused).to.be.instanceOf(DomainError).and.include({ kind: 'forbidden', code: errorCodes.notYourServer });
      expect((refused as Error).message).to.equal(errorTexts.notYourServer);
    }
  });

  it('validates a form with "Please fill in all fields", and a body with its first problem', async () => {
    const form = await call(url, 'POST', '/t/form', { as: 'admin', body: { b: 'y' } });
    expect(form).to.deep.equal({ status: 400, body: { error: fill, code: errorCodes.validation } });
    const body = await call(url, 'POST', '/t/body', { as: 'bot', body: { a: 'x', b: 'long' } });
    expect(body).to.deep.equal({ status: 400, body: { error: 'b is short', code: errorCodes.validation } });
    expect(await call(url, 'POST', '/t/body', { as: 'bot', body: { a: 'x', b: 'ok' } })).to.deep.equal({
      status: 200,
      // the bot the spec names: the one token stands for either bot
      body: { a: 'x', b: 'ok', bot: 'poster-bot' },
    });
  });

  it('answers what a refused path parameter means: 404 with its code, or no match at all', async () => {
    expect(await call(url, 'GET', '/t/named/x', { as: 'admin' })).to.deep.equal({
      status: 404,
      body: { error: 'An id is three digits', code: errorCodes.userNotFound },
    });
    // /t/user/info is mounted after /t/user/:id: "info" is no id, so the next route answers
    expect(await call(url, 'GET', '/t/user/info', { as: 'admin' })).to.deep.equal({
      status: 200,
      body: { info: 'admin' },
    });
    expect((await call(url, 'GET', '/t/user/123', { as: 'admin' })).body).to.deep.equal({ user: '123' });
  });

  it('counts a rate limit after validation, keyed by the valid input', async () => {
    limitedKeys = [];
    const send = (name: unknown) => call(url, 'POST', '/t/limited', { body: { name } });
    expect((await send('')).status).to.equal(400);
    expect((await send(' g1 ')).status).to.equal(200);
    expect((await send('g1')).status).to.equal(200);
    expect(await send('g1')).to.deep.equal({
      status: 429,
      body: { error: errorTexts.tooManyRequests, code: errorCodes.rateLimited },
    });
    expect((await send('g2')).status).to.equal(200);
    expect(limitedKeys).to.deep.equal(['g1', 'g1', 'g1', 'g2']);
  });

  it('words a route’s refusals its own way when it has one, validation included', async () => {
    expect(await call(url, 'POST', '/t/shaped', { body: { name: 'x' } })).to.deep.equal({
      status: 404,
      body: { success: false, message: 'no such server', code: errorCodes.botNotInServer },
    });
    expect(await call(url, 'POST', '/t/shaped', { body: {} })).to.deep.equal({
      status: 400,
      body: { success: false, message: fill, code: errorCodes.validation },
    });
  });

  it('answers 204 when the handler returns nothing', async () => {
    const deleted = await call(url, 'DELETE', '/t/deleted/123', { as: 'admin' });
    expect(deleted).to.deep.equal({ status: 204, body: undefined });
  });

  it('leaves the answer a handler set on ctx itself as it is, when the handler says so', async () => {
    const taken = await call(url, 'GET', '/t/taken/123');
    expect(taken).to.deep.equal({ status: 409, body: { taken: '123' } });
  });

  it('refuses a mount the spec does not allow, and mountRoutes refuses what the catalogue does not list', () => {
    expect(() => on(spec.limited, () => ({}))).to.throw(/rate limit/);
    expect(() => on(spec.owner, () => ({}))).to.throw(/authorize/);
    expect(() => on({ ...spec.body, bot: undefined }, () => ({}))).to.throw(/names the bot/);
    expect(() => on({ ...spec.fixed, bot: 'key-bot' }, () => ({}))).to.throw(/names the bot/);
    expect(() => mountRoutes([on(spec.fixed, () => ({}))])).to.throw(/not in the API catalogue/);
    const catalogued = apiCatalogue.find((candidate) => candidate.auth === 'admin' && !candidate.rateLimited)!;
    expect(() => mountRoutes([on(catalogued, () => ({}))])).to.not.throw();
  });
});

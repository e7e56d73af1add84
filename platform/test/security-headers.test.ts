import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import Router from '@koa/router';
import { errorTexts } from '@vip/contracts';
import { expect } from 'chai';
import { Authenticator } from '../src/auth/authenticator.ts';
import { SessionTokens } from '../src/auth/session-tokens.ts';
import { loadConfig } from '../src/config.ts';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store.ts';
import { requireUser } from '../src/http/middleware.ts';
import { apiServiceApp } from '../src/http/service-app.ts';
import { createLogger } from '../src/logger.ts';
import { Metrics } from '../src/metrics.ts';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';
import { Readiness } from '../src/readiness.ts';

const METRICS_TOKEN = 'metrics-token-of-the-headers-test';

/** The headers every answer carries when the public address is https. */
function expectSecurityHeaders(answer: Response, what: string): void {
  expect(answer.headers.get('strict-transport-security'), what).to.match(/^max-age=\d{7,}/);
  expect(answer.headers.get('x-content-type-options'), what).to.equal('nosniff');
  expect(answer.headers.get('x-frame-options'), what).to.equal('DENY');
  expect(answer.headers.get('referrer-policy'), what).to.equal('strict-origin-when-cross-origin');
  expect(answer.headers.get('cache-control'), what).to.equal('no-store');
}

/**
 * The API services' chain (apiServiceApp) over real HTTP, with routes of this test's own that
 * fail the ways a route can (issue #26 items 4 and 5): every answer carries the security
 * headers, an error's and /metrics's too, and a compressed body is refused without an error
 * in the log.
 */
describe('the security headers on every answer of an API service (issue #26 item 4)', () => {
  let server: http.Server;
  let url: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let logged: Array<{ level: number; msg: string }>;

  before(async () => {
    logged = [];
    const output = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({ PUBLIC_URL: 'https://vip.example', METRICS_TOKEN });
    eventStore = new SqliteEventStore(':memory:');
    readStore = new SqliteReadStore(':memory:');
    const app = apiServiceApp(
      {
        config,
        logger: createLogger('headers-test', 'info', output),
        metrics: new Metrics('headers-test'),
        authenticator: new Authenticator(new SessionTokens('a-secret-for-this-test-only', 1), readStore),
        eventStore,
        readStore,
        readiness: new Readiness(),
      },
      { readsBodies: true, service: 'all-in-one' },
    );
    const router = new Router();
    router.get('/api/t/fails', () => {
      throw new Error('a failure planted by the test');
    });
    router.get('/api/t/cached-then-fails', (ctx) => {
      ctx.set('Cache-Control', 'public, max-age=60');
      throw new Error('a failure planted by the test');
    });
    router.get('/api/t/signed-in', (ctx) => {
      ctx.body = { id: requireUser(ctx).id };
    });
    router.post('/api/t/echo', (ctx) => {
      ctx.body = { got: ctx.request.body };
    });
    app.use(router.routes());
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await eventStore?.close();
    await readStore?.close();
  });

  it('on a 500, with no-store even when the route had said it may be cached', async () => {
    for (const path of ['/api/t/fails', '/api/t/cached-then-fails']) {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status, path).to.equal(500);
      expect(await answer.json()).to.deep.equal({ error: errorTexts.internal });
      expectSecurityHeaders(answer, path);
    }
  });

  it('on a 401 and a 404', async () => {
    const refused = await fetch(`${url}/api/t/signed-in`);
    expect(refused.status).to.equal(401);
    expectSecurityHeaders(refused, '401');
    const unknown = await fetch(`${url}/api/no/such/route`);
    expect(unknown.status).to.equal(404);
    expectSecurityHeaders(unknown, '404');
  });

  it('on /metrics, refused without the token and answered with it', async () => {
    const refused = await fetch(`${url}/metrics`);
    expect(refused.status).to.equal(401);
    expectSecurityHeaders(refused, '/metrics 401');
    const scraped = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).to.equal(200);
    expectSecurityHeaders(scraped, '/metrics 200');
  });

  it('on a body that is not JSON and on a success', async () => {
    const broken = await fetch(`${url}/api/t/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(broken.status).to.equal(400);
    expectSecurityHeaders(broken, '400');
    const echoed = await fetch(`${url}/api/t/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await echoed.json()).to.deep.equal({ got: { a: 1 } });
    expectSecurityHeaders(echoed, '200');
  });

  describe('a compressed request body (issue #26 item 5)', () => {
    const post = (encoding: string, body: Uint8Array<ArrayBuffer>) =>
      fetch(`${url}/api/t/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });

    it('is refused with 415 and the text that says why, and logs no error', async () => {
      const before = logged.length;
      const bodies: Array<[string, Uint8Array<ArrayBuffer>]> = [
        // the two bytes of a gzip header and nothing else: a stream that never ends well
        ['gzip', Uint8Array.from([0x1f, 0x8b])],
        ['gzip', Uint8Array.from(gzipSync('{"a":1}'))],
        ['deflate', Uint8Array.from([0x78, 0x9c, 0x01])],
        ['br', Uint8Array.from([0xff, 0xff])],
        ['x-unknown', new TextEncoder().encode('{"a":1}')],
      ];
      for (const [encoding, body] of bodies) {
        const answer = await post(encoding, body);
        expect(answer.status, encoding).to.equal(415);
        expect(await answer.json(), encoding).to.deep.equal({ error: errorTexts.compressedBody });
        expect(answer.headers.get('accept-encoding'), encoding).to.equal('identity');
        expectSecurityHeaders(answer, encoding);
      }
      const errors = logged.slice(before).filter((line) => line.level >= 50);
      expect(errors, JSON.stringify(errors)).to.deep.equal([]);
    });

    it('takes a body sent as it is (identity)', async () => {
      const answer = await post('identity', new TextEncoder().encode('{"a":2}'));
      expect(await answer.json()).to.deep.equal({ got: { a: 2 } });
    });
  });
});

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authApi } from '@vip/contracts';
import { expect } from 'chai';
import Koa from 'koa';
import { errorHandler, jsonBody } from '../src/http/middleware.ts';
import { mountRoutes, on } from '../src/http/mount.ts';
import { limitKey, rateLimiter } from '../src/http/rate-limit.ts';
import { createLogger } from '../src/logger.ts';
import { MemoryRateCounter, type RateCounter, type RateWindow } from '../src/rate-counter/rate-counter.ts';

/** A counter that remembers the keys it was asked to count. */
class WatchedCounter implements RateCounter {
  readonly adapterName = 'watched';
  readonly keys: string[] = [];
  constructor(readonly inner = new MemoryRateCounter(500)) {}
  declareShare(share: string) {
    this.inner.declareShare(share);
  }
  async hit(key: string, windowMs: number, now: number, share?: string): Promise<RateWindow> {
    this.keys.push(key);
    return this.inner.hit(key, windowMs, now, share);
  }
  peek(key: string, now: number) {
    return this.inner.peek(key, now);
  }
  async close() {}
}

/** What these tests' sign-in answers: its shape is the route's, its content nobody reads. */
const signedIn = { token: 't', id: 'u1', user: { username: 'ann', isAdmin: false } };

describe('per-client limits keyed on validated input (issue #13 items 2 and 3)', () => {
  let url: string;
  let server: Server;
  const counter = new WatchedCounter();
  const signIns: string[] = [];

  before(async () => {
    const app = new Koa();
    app.use(errorHandler(createLogger('limits-test', 'silent')));
    app.use(jsonBody());
    const login = on(
      authApi.login,
      ({ body }) => {
        signIns.push(body.username);
        return signedIn;
      },
      { rateLimit: { perMinute: 3, keyOf: ({ body }) => body.username.toLowerCase() } },
    );
    app.use(mountRoutes([login], { rateCounter: counter }).routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const signIn = async (username: string) =>
    (
      await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'guess-guess' }),
      })
    ).status;

  it('counts a padded or re-cased username in the bucket of the name the schema makes of it', async () => {
    const statuses = [];
    for (const username of ['alice', ' alice', '\talice', 'ALICE ', 'alice\n']) statuses.push(await signIn(username));
    expect(statuses).to.deep.equal([200, 200, 200, 429, 429]);
    expect(signIns).to.deep.equal(['alice', 'alice', 'alice']);
  });

  it('never counts what validation refused, and stores only short digests of what it counts', async () => {
    const before = counter.keys.length;
    for (let i = 0; i < 200; i++) expect(await signIn(`${'x'.repeat(60_000)}${i}`)).to.equal(400);
    expect(counter.keys.length).to.equal(before);
    for (let i = 0; i < 50; i++) await signIn(`user-${i}-${'y'.repeat(50)}`);
    expect(new Set(counter.keys.map((key) => key.length))).to.deep.equal(new Set([22]));
  });

  it('holds at most its cap of windows, however many distinct clients come: the newest are refused', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2_000; i++) {
      const status = await signIn(`distinct-${i}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(counter.inner.size()).to.equal(500);
    // alice's spent window is still there: a flood does not give her guesses back
    expect(await signIn('alice')).to.equal(429);
    expect(statuses.get(429)).to.be.at.least(1_500);
  });

  it('digests the limit’s name with the key, so two limits never share a window', async () => {
    expect(limitKey('POST /api/auth/login', 'k')).to.not.equal(limitKey('POST /api/keys/generateKey', 'k'));
    expect(limitKey('a', 'b\0c')).to.not.equal(limitKey('a\0b', 'c'));
    const shared = new MemoryRateCounter();
    const one = rateLimiter({ perMinute: 1, name: 'one', counter: shared });
    const two = rateLimiter({ perMinute: 1, name: 'two', counter: shared });
    expect([await one.hit('k'), await two.hit('k')]).to.deep.equal([null, null]);
    expect(await one.hit('k')).to.be.within(1, 60);
  });

  it('counts a route’s limits in order: a refusal by one counts nothing in the next, and lasts at most a minute', async () => {
    let clock = Date.UTC(2030, 0, 1);
    const watched = new WatchedCounter(new MemoryRateCounter());
    const app = new Koa();
    app.use(errorHandler(createLogger('limits-test', 'silent')));
    app.use(jsonBody());
    const route = on(authApi.login, () => signedIn, {
      rateLimit: [
        { name: 'per client', perMinute: 2, keyOf: () => 'one-client', now: () => clock },
        { perMinute: 100, keyOf: ({ body }) => body.username, now: () => clock },
      ],
    });
    app.use(mountRoutes([route], { rateCounter: watched }).routes());
    const local = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => local.once('listening', resolve));
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}/api/auth/login`;
    const attempt = async (username: string) =>
      (
        await fetch(at, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'guess-guess' }),
        })
      ).status;
    try {
      expect([await attempt('a'), await attempt('b'), await attempt('c'), await attempt('d')]).to.deep.equal([
        200, 200, 429, 429,
      ]);
      // two hits of the coarse limit each for c and d, none of the finer one
      expect(new Set(watched.keys).size).to.equal(3);
      expect(watched.keys).to.have.length(6);
      clock += 60_000;
      expect(await attempt('e')).to.equal(200);
    } finally {
      local.close();
    }
  });

  // issue #26 item 2: one limit's flood filled the table and every new client was refused
  it('gives each limit its share of the counter, and counts a newcomer’s coarser key when its limit’s share is full', async () => {
    const clock = Date.UTC(2030, 0, 1);
    const shared = new MemoryRateCounter(40);
    const perName = rateLimiter({ perMinute: 2, name: 'per name', coarser: 1, counter: shared, now: () => clock });
    const other = rateLimiter({ perMinute: 2, name: 'other', counter: shared, now: () => clock });
    // two limits, two shares for the first (its keys and its coarser ones), one for the other: 13 windows each
    for (let i = 0; i < 13; i++) expect(await perName.hit(`made-up-${i}`, ['flooder'])).to.equal(null);
    // the share is full: a new name counts on the client instead, which the flooder now spends
    expect(await perName.hit('made-up-13', ['flooder'])).to.equal(null);
    expect(await perName.hit('made-up-14', ['flooder'])).to.equal(null);
    expect(await perName.hit('made-up-15', ['flooder'])).to.be.within(1, 60);
    // a newcomer is counted, not refused; a window already open counts on as before
    expect(await perName.hit('admin', ['newcomer'])).to.equal(null);
    expect(await perName.standing('admin', ['newcomer'])).to.deep.equal({ hits: 1, retryAfter: null });
    expect(await perName.hit('made-up-0', ['flooder'])).to.equal(null);
    expect(await perName.hit('made-up-0', ['flooder'])).to.be.within(1, 60);
    expect((await perName.standing('made-up-0', ['flooder'])).retryAfter).to.be.within(1, 60);
    // the other limit's share is untouched by the flood
    for (let i = 0; i < 13; i++) expect(await other.hit(`client-${i}`)).to.equal(null);
    // without a coarser key, a full share still refuses
    expect(await other.hit('client-13')).to.be.within(1, 60);
  });
});

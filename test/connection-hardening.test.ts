import net from 'node:net';
import { errorTexts, WS_CLOSE_TOO_MANY } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, login, scrapeMetrics } from './support/http.ts';
import { LiveClient } from './support/ws-client.ts';

/** The code a socket was closed with, or 'open' when it still is after a few seconds. */
function closeCodeOf(live: LiveClient): Promise<number | 'open'> {
  return Promise.race([
    live.waitForClose(),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5_000)),
  ]);
}

/** One directive of a Content-Security-Policy header, as its list of sources. */
function directive(policy: string | null, name: string): string[] | undefined {
  const found = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1);
}

/**
 * Issue #19 item 8 against the real product: a Content-Security-Policy on every page, HSTS
 * and a Secure sign-in cookie when PUBLIC_URL is https, a cap of /ws connections per
 * session and per address, and request bodies that trickle cut off.
 */
describe('browser and connection hardening (issue #19 item 8)', function () {
  this.timeout(90_000);

  describe('on plain http (no PUBLIC_URL)', () => {
    let product: SpawnedProduct;
    before(async () => {
      product = await startAllInOne({
        env: { WS_CONNECTIONS_PER_SESSION: '3', WS_CONNECTIONS_PER_ADDRESS: '5', REQUEST_TIMEOUT_SECONDS: '2' },
      });
    });
    after(async () => {
      await product?.stop();
      if (product) removeDataDir(product.dataDir);
    });

    it('answers every page with a policy that runs scripts from the site only, and no inline script', async () => {
      for (const page of ['/', '/login', '/gen?serverid=100000000000000001', '/admin', '/no/such/page']) {
        const answer = await fetch(`${product.url}${page}`);
        expect(answer.status, page).to.equal(200);
        expect(answer.headers.get('content-type')).to.match(/^text\/html/);
        const policy = answer.headers.get('content-security-policy');
        expect(directive(policy, 'script-src'), `${page}: ${policy}`).to.deep.equal(["'self'"]);
        expect(directive(policy, 'default-src')).to.deep.equal(["'self'"]);
        expect(directive(policy, 'object-src')).to.deep.equal(["'none'"]);
        expect(directive(policy, 'base-uri')).to.deep.equal(["'none'"]);
        expect(directive(policy, 'frame-ancestors')).to.deep.equal(["'none'"]);
        // every script the page holds is a file of the site, or data that never runs
        const html = await answer.text();
        for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
          expect(/\bsrc="\/assets\//.test(tag) || /type="application\/json"/.test(tag), tag).to.equal(true);
      }
      expect((await fetch(`${product.url}/`)).headers.get('strict-transport-security')).to.equal(null);
    });

    it('lets one session hold at most its share of /ws connections', async () => {
      const token = await login(product.url, ADMIN.username, ADMIN.password);
      const open: LiveClient[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          const live = await LiveClient.connect(product.url, { type: 'auth', token });
          await live.waitFor((message) => message.type === 'ready');
          open.push(live);
        }
        const fourth = await LiveClient.connect(product.url, { type: 'auth', token });
        open.push(fourth);
        expect(await closeCodeOf(fourth)).to.equal(WS_CLOSE_TOO_MANY);
        // one closed, one more may open
        open.shift()!.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const again = await LiveClient.connect(product.url, { type: 'auth', token });
        await again.waitFor((message) => message.type === 'ready');
        open.push(again);
      } finally {
        for (const live of open) live.close();
      }
    });

    it('lets one address hold at most its share of /ws connections, whatever sessions it brings', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const open: LiveClient[] = [];
      try {
        for (let i = 0; i < 5; i++) {
          const token = await login(product.url, ADMIN.username, ADMIN.password);
          const live = await LiveClient.connect(product.url, { type: 'auth', token });
          await live.waitFor((message) => message.type === 'ready');
          open.push(live);
        }
        const sixth = await LiveClient.connect(product.url, {
          type: 'auth',
          token: await login(product.url, ADMIN.username, ADMIN.password),
        });
        expect(await closeCodeOf(sixth)).to.equal(WS_CLOSE_TOO_MANY);
        sixth.close();
      } finally {
        for (const live of open) live.close();
      }
    });

    it('cuts off a request whose body trickles in', async () => {
      const socket = net.connect(Number(new URL(product.url).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
      );
      // a byte every 300 ms would take a minute for the whole body; the product waits 2 s
      let sent = 0;
      const trickle = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
        sent += 1;
      }, 300);
      const outcome = await Promise.race([
        ended.then(() => 'cut off'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 15_000)),
      ]);
      clearInterval(trickle);
      socket.destroy();
      expect(outcome, `after ${sent} bytes`).to.equal('cut off');
      expect(sent).to.be.below(50);
      if (answer) expect(answer).to.match(/^HTTP\/1\.1 408/);
    });
  });

  describe('behind https (PUBLIC_URL=https://…)', () => {
    let product: SpawnedProduct;
    before(async () => {
      product = await startAllInOne({
        env: {
          PUBLIC_URL: 'https://vip.example',
          DISCORD_CLIENT_ID: '700000000000000001',
          DISCORD_CLIENT_SECRET: 'fake-client-secret',
        },
      });
    });
    after(async () => {
      await product?.stop();
      if (product) removeDataDir(product.dataDir);
    });

    it('tells browsers to come back over https only (HSTS), on pages and API answers', async () => {
      for (const path of ['/', '/login', '/api/site', '/api/health']) {
        const answer = await fetch(`${product.url}${path}`);
        expect(answer.headers.get('strict-transport-security'), path).to.match(/^max-age=\d{7,}/);
      }
    });

    it('carries HSTS, nosniff, no framing and no-store on error answers and /metrics too (issue #26 item 4)', async () => {
      const answers: Array<[string, number, Promise<Response>]> = [
        ['GET 401', 401, fetch(`${product.url}/api/greetings/list`)],
        ['POST 401', 401, fetch(`${product.url}/api/greetings/settings/100000000000000001`, { method: 'POST' })],
        ['GET 404', 404, fetch(`${product.url}/api/no/such/route`)],
        ['POST 404', 404, fetch(`${product.url}/api/no/such/route`, { method: 'POST' })],
        ['/metrics without the token', 401, fetch(`${product.url}/metrics`)],
        ['/metrics', 200, scrapeMetrics(product.url)],
        ['a page path that does not decode', 400, fetch(`${product.url}/%E0%A4%A`)],
      ];
      for (const [what, status, pending] of answers) {
        const answer = await pending;
        expect(answer.status, what).to.equal(status);
        expect(answer.headers.get('strict-transport-security'), what).to.match(/^max-age=\d{7,}/);
        expect(answer.headers.get('x-content-type-options'), what).to.equal('nosniff');
        expect(answer.headers.get('x-frame-options'), what).to.equal('DENY');
        if (what !== 'a page path that does not decode')
          expect(answer.headers.get('cache-control'), what).to.equal('no-store');
      }
    });

    it('refuses a compressed sign-in body with 415, and logs no error (issue #26 item 5)', async () => {
      const logged = product.output().length;
      const answer = await fetch(`${product.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: Uint8Array.from([0x1f, 0x8b]),
      });
      expect(answer.status).to.equal(415);
      expect(await answer.json()).to.deep.equal({ error: errorTexts.compressedBody });
      // the log of the answer: the access line at info is below LOG_LEVEL=warn; an error would be level 50
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(product.output().slice(logged)).not.to.match(/"level":50|request failed/);
    });

    it('sets the Discord sign-in cookie Secure, whatever protocol reached the process', async () => {
      const started = await api(product.url, 'POST', '/api/auth/discord/start', { body: { intent: 'sign-in' } });
      expect(started.status, JSON.stringify(started.body)).to.equal(200);
      const cookie = started.headers.get('set-cookie') ?? '';
      expect(cookie).to.match(/^vip_discord_sign_in=/);
      expect(cookie.split(';').map((part) => part.trim().toLowerCase())).to.include('secure');
      const called = await api(product.url, 'POST', '/api/auth/discord/callback', {
        body: { code: 'any-code', state: 'forged.state' },
        headers: { cookie: cookie.split(';')[0] },
      });
      expect(called.status).to.equal(400);
      const cleared = called.headers.get('set-cookie') ?? '';
      expect(cleared.split(';').map((part) => part.trim().toLowerCase())).to.include('secure');
    });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi, errorCodes, errorTexts, siteApi, WS_CLOSE_TRY_AGAIN, WS_CLOSE_UNAUTHORIZED } from '@vip/contracts';
import { loadConfig, SessionTokens } from '@vip/platform';
import { expect } from 'chai';
import { WebSocket } from 'ws';
import { type RunningProduct, startAllInOne } from '../../src/all-in-one.ts';
import { ADMIN, removeDataDir } from '../support/all-in-one.ts';
import { api, login } from '../support/http.ts';
import { allEvents } from '../support/seed.ts';

/** The close code /ws answers a token with, after its first message. */
function wsCloseCode(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('message', () => socket.close());
    socket.once('close', (code) => resolve(code));
    socket.once('error', reject);
  });
}

/**
 * Issue #31 item 9: while the read models catch up with the log (a long catch-up at start, a
 * rebuild, a restored backup), a token the deployment signed whose session is not projected
 * yet is answered 503 with Retry-After, never the 401 that signs its holder out. The session
 * projection is paused to stand for the catch-up; the token is the one the refused sign-in
 * signed for the session it appended.
 */
describe('a valid token whose session is not projected yet (API)', function () {
  this.timeout(60_000);
  let product: RunningProduct;
  let dataDir: string;
  let tokens: SessionTokens;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-catch-up-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGINS_PER_MINUTE: '100000',
    });
    product = await startAllInOne(config);
    tokens = new SessionTokens(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(), config.sessionHours);
  });
  after(async () => {
    await product?.runner.resume('sessions');
    await product?.close();
    removeDataDir(dataDir);
  });

  it('answers 503 with Retry-After until the session is projected, then the same token works', async () => {
    await login(product.url, ADMIN.username, ADMIN.password);
    product.runner.pause('sessions');
    // the sign-in appends its session, then gives up waiting for it to be projected
    expect((await api(product.url, 'POST', authApi.login.path, { body: ADMIN })).status).to.equal(503);
    const started = (await allEvents(dataDir)).filter((event) => event.type === 'SessionStarted').at(-1)!;
    const { sessionId, userId } = started.data as { sessionId: string; userId: string };
    const { token } = await tokens.issue(userId, sessionId, new Date());

    const early = await api(product.url, 'GET', authApi.userInfo.path, { token });
    expect(early.status, JSON.stringify(early.body)).to.equal(503);
    expect(early.body).to.deep.equal({ error: errorTexts.busy, code: errorCodes.unavailable });
    expect(early.headers.get('retry-after')).to.equal('1');
    // a public answer does not depend on the session: answered as for anyone
    expect((await api(product.url, 'GET', siteApi.settings.path, { token })).status).to.equal(200);
    // the live socket is told to come back later, not that the session is over
    expect(await wsCloseCode(product.url, token)).to.equal(WS_CLOSE_TRY_AGAIN);

    // a token this deployment did not sign is refused as before, catching up or not
    const forged = await new SessionTokens('another-secret', 1).issue(userId, sessionId, new Date());
    expect((await api(product.url, 'GET', authApi.userInfo.path, { token: forged.token })).status).to.equal(401);

    await product.runner.resume('sessions');
    const projected = await api(product.url, 'GET', authApi.userInfo.path, { token });
    expect(projected.status, JSON.stringify(projected.body)).to.equal(200);
  });

  it('answers 401 for a session the caught-up read models do not hold', async () => {
    const { token } = await tokens.issue('no-such-user', 'no-such-session', new Date());
    expect((await api(product.url, 'GET', authApi.userInfo.path, { token })).status).to.equal(401);
    expect(await wsCloseCode(product.url, token)).to.equal(WS_CLOSE_UNAUTHORIZED);
  });
});

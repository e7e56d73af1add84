import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errorCodes, errorTexts, subscriptionTexts, WS_CLOSE_UNAUTHORIZED } from '@vip/contracts';
import { SessionTokens } from '@vip/platform';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, healthDetails, login } from './support/http.ts';
import { LiveClient } from './support/ws-client.ts';

/**
 * Issue #13 items 2, 4, 5 and 6 against the real product: the sign-in limit keyed on the
 * username the lookup reads, the argon2 queue, sessions that fail closed, and a password
 * change that needs the current password and ends every other session.
 */
describe('sign-in and sessions under attack (issue #13)', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  let adminToken: string;
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const signIn = (username: string, password: string) =>
    api(product.url, 'POST', '/api/auth/login', { body: { username, password } });

  before(async () => {
    // one address (loopback) signs in many times here: its budget across usernames is another test's
    product = await startAllInOne({
      env: { RATE_LIMIT_LOGINS_PER_MINUTE: '10', RATE_LIMIT_LOGINS_PER_CLIENT_PER_MINUTE: '1000' },
    });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('counts padded and re-cased usernames in one bucket: the 11th guess of a minute is refused', async () => {
    const tries = [
      'victim',
      ' victim',
      '\tvictim',
      'VICTIM',
      'victim ',
      'Victim\n',
      '  vIcTiM',
      'victim\t',
      'VICtim',
      'victim',
    ];
    for (const username of tries) expect((await signIn(username, 'wrong-guess')).status, username).to.equal(401);
    for (const username of ['\t victim', 'VICTIM  ']) {
      const refused = await signIn(username, 'wrong-guess');
      expect(refused.status, username).to.equal(429);
      expect(refused.body.code).to.equal(errorCodes.rateLimited);
    }
  });

  it('queues password hashing: one client rotating usernames gets 429 with Retry-After beyond its share', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`rotating-${i}-${randomUUID().slice(0, 8)}`, 'wrong-guess')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 401 || status === 429),
      String(statuses),
    ).to.equal(true);
    const refused = answers.filter((answer) => answer.status === 429);
    // 3 hashes per client at once, and 40 requests arrive within a hash's time
    expect(refused.length, String(statuses)).to.be.at.least(20);
    for (const answer of refused) {
      expect(answer.body).to.deep.equal({ error: errorTexts.tooManyRequests, code: errorCodes.rateLimited });
      expect(Number(answer.headers.get('retry-after'))).to.be.at.least(1);
    }
    // the refusals freed nothing they did not hold: the admin still signs in
    expect((await signIn(ADMIN.username, ADMIN.password)).status).to.equal(200);
  });

  it('refuses a validly signed token whose session is not on record (fails closed)', async () => {
    const secret = fs.readFileSync(path.join(product.dataDir, 'jwt-secret'), 'utf8').trim();
    const me = await api(product.url, 'GET', '/api/user/info', { token: adminToken });
    const forged = await new SessionTokens(secret, 1).issue(me.body.id, randomUUID(), new Date());
    expect((await api(product.url, 'GET', '/api/user/info', { token: forged.token })).status).to.equal(401);
    expect(
      (
        await api(product.url, 'POST', '/api/announcements', {
          token: forged.token,
          body: { title: 't', content: 'c' },
        })
      ).status,
    ).to.equal(401);
    const live = await LiveClient.connect(product.url, { type: 'auth', token: forged.token });
    expect(await live.waitForClose()).to.equal(WS_CLOSE_UNAUTHORIZED);
  });

  it('a fresh token works at once, on the first request after sign-in', async () => {
    for (let i = 0; i < 5; i++) {
      const token = await login(product.url, ADMIN.username, ADMIN.password);
      expect((await api(product.url, 'GET', '/api/user/info', { token })).status).to.equal(200);
    }
  });

  describe('changing the password', () => {
    const username = 'owner-under-attack';
    const password = 'first-password-1';
    let stolen: string;
    let own: string;

    before(async () => {
      const created = await api(product.url, 'POST', '/api/admin/subscribers', {
        token: adminToken,
        body: { username, password, planName: 'Basic', days: 30 },
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      stolen = await login(product.url, username, password);
      own = await login(product.url, username, password);
    });

    it('needs the current password: none is "fill in all fields", a wrong one 403, and nothing is written', async () => {
      const before = await head();
      const missing = await api(product.url, 'POST', '/api/user/reset-password', { token: stolen, body: {} });
      expect(missing.status).to.equal(400);
      expect(missing.body.error).to.equal(errorTexts.fillAllFields);
      const wrong = await api(product.url, 'POST', '/api/user/reset-password', {
        token: stolen,
        body: { currentPassword: 'not-the-password' },
      });
      expect(wrong.status).to.equal(403);
      expect(wrong.body).to.deep.equal({
        error: subscriptionTexts.wrongCurrentPassword,
        code: errorCodes.wrongCurrentPassword,
      });
      expect(await head()).to.equal(before);
      expect((await signIn(username, password)).status).to.equal(200);
    });

    it('ends every other session at once: their tokens answer 401 and their /ws sockets close with 4401', async () => {
      const live = await LiveClient.connect(product.url, { type: 'auth', token: stolen });
      await live.waitFor((message) => message.type === 'ready');
      const changed = await api(product.url, 'POST', '/api/user/reset-password', {
        token: own,
        body: { currentPassword: password },
      });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
      // at once: the answer came after the sessions were ended everywhere
      expect((await api(product.url, 'GET', '/api/user/info', { token: stolen })).status).to.equal(401);
      expect(await live.waitForClose()).to.equal(WS_CLOSE_UNAUTHORIZED);
      // the session that made the change goes on, and only the new password signs in
      expect((await api(product.url, 'GET', '/api/user/info', { token: own })).status).to.equal(200);
      expect((await signIn(username, password)).status).to.equal(401);
      expect((await signIn(username, changed.body.password)).status).to.equal(200);
    });
  });
});

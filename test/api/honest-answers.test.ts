import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi, errorCodes, errorTexts, type GuildSnapshot } from '@vip/contracts';
import { loadConfig } from '@vip/platform';
import { expect } from 'chai';
import { type RunningProduct, startAllInOne } from '../../src/all-in-one.ts';
import { ADMIN, BOT_TOKEN, METRICS_TOKEN, removeDataDir } from '../support/all-in-one.ts';
import { api, type JsonResponse, login, scrapeMetrics } from '../support/http.ts';
import { allEvents } from '../support/seed.ts';

const BUSY = '650000000000000001';
const RENAMED = '650000000000000002';
const busy = { error: errorTexts.busy, code: errorCodes.unavailable };

/** One sample of a metric from Prometheus' text format (0 when the series has not been counted yet). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const expectRetryLater = (response: JsonResponse) => {
  expect(response.status, JSON.stringify(response.body)).to.equal(503);
  expect(response.body).to.deep.equal(busy);
  expect(response.headers.get('retry-after')).to.equal('1');
};

/**
 * Answers under load say what is true (issue #19 items 9 and 10): an answer whose read-your-
 * writes wait gave up is refused with 503 and Retry-After where the caller relies on it, and a
 * stream too busy to write answers 503, never 500; both are counted.
 */
describe('honest answers under load (API)', function () {
  this.timeout(60_000);
  let product: RunningProduct;
  let dataDir: string;
  const metric = async (name: string, labels: Record<string, string>) =>
    sample(await (await scrapeMetrics(product.url)).text(), name, labels);
  const lateSessions = () => metric('vip_read_your_writes_late_total', { projection: 'sessions', outcome: 'refused' });
  const report = (guildId: string, snapshot: GuildSnapshot) =>
    api(product.url, 'POST', `/api/bot/guilds/${guildId}`, { token: BOT_TOKEN, body: snapshot });
  const snapshotOf = (memberCount: number, name = 'Busy server'): GuildSnapshot => ({
    name,
    icon: null,
    memberCount,
    channels: [{ id: '650000000000000011', name: 'general' }],
    missingPermissions: [],
  });

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-honest-'));
    product = await startAllInOne(
      loadConfig({
        DATA_DIR: dataDir,
        METRICS_TOKEN,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        BOT_API_TOKEN: BOT_TOKEN,
        RATE_LIMIT_LOGINS_PER_MINUTE: '100000',
      }),
    );
  });
  after(async () => {
    await product?.close();
    removeDataDir(dataDir);
  });

  describe('read-your-writes never gives up silently', () => {
    afterEach(() => product.runner.resume('sessions'));

    it('a sign-in whose session no service knows yet is refused with 503, and counted', async () => {
      const before = await lateSessions();
      product.runner.pause('sessions');
      const refused = await api(product.url, 'POST', authApi.login.path, { body: ADMIN });
      expectRetryLater(refused);
      expect(await lateSessions()).to.equal(before + 1);
      await product.runner.resume('sessions');
      expect(await login(product.url, ADMIN.username, ADMIN.password)).to.be.a('string');
    });

    it('a sign-out not yet seen everywhere is refused with 503; the session ends all the same', async () => {
      const token = await login(product.url, ADMIN.username, ADMIN.password);
      product.runner.pause('sessions');
      expectRetryLater(await api(product.url, 'POST', authApi.logout.path, { token }));
      await product.runner.resume('sessions');
      expect((await api(product.url, 'GET', authApi.userInfo.path, { token })).status).to.equal(401);
    });

    it('a password reset that cannot end the other sessions in time is refused, the password unchanged', async () => {
      const mine = await login(product.url, ADMIN.username, ADMIN.password);
      const other = await login(product.url, ADMIN.username, ADMIN.password);
      const reset = () =>
        api(product.url, 'POST', authApi.resetPassword.path, {
          token: mine,
          body: { currentPassword: ADMIN.password },
        });
      const changes = async () => (await allEvents(dataDir)).filter((event) => event.type === 'PasswordChanged').length;

      product.runner.pause('sessions');
      expectRetryLater(await reset());
      expect(await changes()).to.equal(0);
      await product.runner.resume('sessions');
      // the password still signs in; the other session was ended on the way
      expect(await login(product.url, ADMIN.username, ADMIN.password)).to.be.a('string');
      expect((await api(product.url, 'GET', authApi.userInfo.path, { token: other })).status).to.equal(401);

      const done = await reset();
      expect(done.status, JSON.stringify(done.body)).to.equal(200);
      expect(await changes()).to.equal(1);
      expect((await api(product.url, 'POST', authApi.login.path, { body: ADMIN })).status).to.equal(401);
      expect(await login(product.url, ADMIN.username, done.body.password)).to.be.a('string');
    });
  });

  describe('a busy stream never answers 500', () => {
    it('twenty member-count reports at once for one server are all answered 200', async () => {
      expect((await report(BUSY, snapshotOf(100))).status).to.equal(200);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => report(BUSY, snapshotOf(101 + i))));
      expect(answers.map((answer) => answer.status)).to.deep.equal(Array(20).fill(200));
    });

    it('twenty changes of one server at once: each answered 200 or 503 with Retry-After, and the 503s counted', async () => {
      expect((await report(RENAMED, snapshotOf(1))).status).to.equal(200);
      const counted = () => metric('vip_command_busy_stream_total', { command: 'ReportGuild' });
      const before = await counted();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => report(RENAMED, snapshotOf(1, `Name ${i}`))),
      );
      const refused = answers.filter((answer) => answer.status !== 200);
      for (const answer of refused) expectRetryLater(answer);
      expect(await counted()).to.equal(before + refused.length);
      // every answer of 200 is a change in the log; none was lost, none invented
      const renames = (await allEvents(dataDir)).filter(
        (event) => event.streamId === `guild-${RENAMED}` && event.type === 'GuildReported',
      );
      expect(renames).to.have.length(1 + answers.length - refused.length);
    });
  });
});

import { adminListTexts, type SubscribersResponse, type WhitelistResponse } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { api, login } from '../support/http.ts';

const users = [
  '510000000000000001',
  '510000000000000002',
  '510000000000000003',
  '510000000000000004',
  '510000000000000005',
];
const servers = Array.from({ length: 25 }, (_, i) => `92000000000000${String(i).padStart(4, '0')}`);
const NAMED = servers[7];

/**
 * Issue #31 item 12: the admin's whitelist answered the whole list on every page load. It
 * pages now (50 by default, a cursor to the next page, newest first) with a search by a
 * Discord user or server id or a server's name; the spec's array stays, the cursor beside it.
 */
describe('the admin lists page (API)', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  let token: string;
  const whitelist = (query = '') =>
    api<WhitelistResponse & { error?: string }>(product.url, 'GET', `/api/admin/whitelist${query}`, { token });
  /** Every page after the first, followed by its cursor: the entries in the order given. */
  const allPages = async (parameters: Record<string, string> = {}) => {
    const pages: WhitelistResponse[] = [];
    let after: string | null = null;
    do {
      const query = new URLSearchParams({ ...parameters, ...(after ? { after } : {}) }).toString();
      const response = await whitelist(query ? `?${query}` : '');
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      pages.push(response.body);
      after = response.body.nextAfter;
    } while (after);
    return pages;
  };

  before(async () => {
    product = await startAllInOne();
    token = await login(product.url, ADMIN.username, ADMIN.password);
    // five users on the same 25 servers: 125 entries, each user's 25 added at one instant
    for (const userId of users) {
      const added = await api(product.url, 'POST', '/api/admin/whitelist', {
        token,
        body: { userId, guildId: servers, duration: 'lifetime' },
      });
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
    }
    // 55 subscribers, and one account without a plan
    for (let group = 0; group < 11; group++)
      await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const name = `sub-${String(group * 5 + i).padStart(2, '0')}`;
          const created = await api(product.url, 'POST', '/api/admin/subscribers', {
            token,
            body: { username: name, password: `${name}-password`, planName: 'Basic', days: 30, maxSlots: 1 },
          });
          expect(created.status, JSON.stringify(created.body)).to.equal(201);
        }),
      );
    const drifter = await runCli('src/cli/user.ts', ['create', 'drifter', '--password', 'drifter-password'], {
      DATA_DIR: product.dataDir,
    });
    expect(drifter.code, drifter.stderr).to.equal(0);
    const reported = await api(product.url, 'POST', `/api/bot/guilds/${NAMED}`, {
      token: BOT_TOKEN,
      body: { name: 'Blue Lagoon', icon: null, memberCount: 10, channels: [], missingPermissions: [] },
    });
    expect(reported.status, JSON.stringify(reported.body)).to.equal(200);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('answers 50 entries a page, newest first, and the cursor leads through every entry once', async () => {
    const pages = await allPages();
    expect(pages.map((page) => page.whitelists.length)).to.deep.equal([50, 50, 25]);
    expect(pages.at(-1)!.nextAfter).to.equal(null);
    const entries = pages.flatMap((page) => page.whitelists);
    expect(new Set(entries.map((entry) => `${entry.userId}-${entry.guildId}`)).size).to.equal(125);
    // newest first: the last user added comes first
    expect(entries[0].userId).to.equal(users[4]);
    expect(entries.at(-1)!.userId).to.equal(users[0]);
  });

  it('a smaller page cuts through entries added at one instant without losing or repeating one', async () => {
    const pages = await allPages({ limit: '20' });
    expect(pages.map((page) => page.whitelists.length)).to.deep.equal([20, 20, 20, 20, 20, 20, 5]);
    const keys = pages.flatMap((page) => page.whitelists.map((entry) => `${entry.userId}-${entry.guildId}`));
    expect(new Set(keys).size).to.equal(125);
  });

  it('searches by a user id, a server id, or part of a server name', async () => {
    const byUser = (await whitelist(`?search=${users[2]}`)).body;
    expect(byUser.whitelists).to.have.length(25);
    expect(byUser.whitelists.every((entry) => entry.userId === users[2])).to.equal(true);
    expect(byUser.nextAfter).to.equal(null);
    const byServer = (await whitelist(`?search=${servers[3]}`)).body;
    expect(byServer.whitelists.map((entry) => entry.userId)).to.have.members(users);
    const byName = (await whitelist('?search=lagoon')).body;
    expect(byName.whitelists).to.have.length(5);
    expect(byName.whitelists.every((entry) => entry.guildId === NAMED)).to.equal(true);
    expect((await whitelist('?search=nothing-by-this-name')).body).to.deep.equal({ whitelists: [], nextAfter: null });
  });

  it('refuses a cursor it did not make, a limit out of range and an unknown parameter, with 400', async () => {
    const badCursor = await whitelist('?after=bm90LW91cnM');
    expect(badCursor.status).to.equal(400);
    expect(badCursor.body.error).to.equal(adminListTexts.after);
    expect((await whitelist('?limit=0')).body.error).to.equal(adminListTexts.limit);
    expect((await whitelist('?limit=201')).status).to.equal(400);
    const unknown = await whitelist('?page=2');
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error).to.include('Unknown parameter: page');
  });

  describe('GET /api/admin/subscribers', () => {
    const subscribers = (query = '') =>
      api<SubscribersResponse & { error?: string }>(product.url, 'GET', `/api/admin/subscribers${query}`, { token });

    it('answers 50 a page, newest first, the accounts without a plan with the first page only', async () => {
      const first = await subscribers();
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body.subscribers).to.have.length(50);
      // the last five were created together: one of them is the newest
      expect(first.body.subscribers[0].username).to.be.oneOf(['sub-50', 'sub-51', 'sub-52', 'sub-53', 'sub-54']);
      expect(first.body.withoutPlan.map((account) => account.username)).to.deep.equal(['drifter']);
      expect(first.body.nextAfter).to.be.a('string');
      const second = (await subscribers(`?after=${first.body.nextAfter}`)).body;
      expect(second.subscribers).to.have.length(5);
      expect(second.nextAfter).to.equal(null);
      expect(second.withoutPlan).to.deep.equal([]);
      const names = [...first.body.subscribers, ...second.subscribers].map((subscriber) => subscriber.username);
      expect(new Set(names).size).to.equal(55);
    });

    it('searches by part of a name, a user id, and finds accounts without a plan too', async () => {
      const byName = (await subscribers('?search=SUB-0')).body;
      expect(byName.subscribers.map((subscriber) => subscriber.username).sort()).to.deep.equal(
        Array.from({ length: 10 }, (_, i) => `sub-0${i}`),
      );
      expect(byName.withoutPlan).to.deep.equal([]);
      const one = byName.subscribers[3];
      const byId = (await subscribers(`?search=${one.id}`)).body;
      expect(byId.subscribers.map((subscriber) => subscriber.id)).to.deep.equal([one.id]);
      const planless = (await subscribers('?search=drift')).body;
      expect(planless.subscribers).to.deep.equal([]);
      expect(planless.withoutPlan.map((account) => account.username)).to.deep.equal(['drifter']);
      expect((await subscribers('?search=.*')).body.subscribers, 'a search is text, not a pattern').to.deep.equal([]);
    });

    it('refuses a cursor it did not make', async () => {
      const refused = await subscribers('?after=bm90LW91cnM');
      expect(refused.status).to.equal(400);
      expect(refused.body.error).to.equal(adminListTexts.after);
    });
  });
});

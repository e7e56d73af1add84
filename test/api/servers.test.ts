import path from 'node:path';
import { errorTexts, serverTexts } from '@vip/contracts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { proveManagement } from '../support/discord.ts';
import { api, healthDetails, login } from '../support/http.ts';

const CLIENT_ID = '900000000000000001';
const BIG = '200000000000000001';
const SMALL = '200000000000000002';
const GONE = '200000000000000003';
const NEVER = '200000000000000009';
const report = (name: string, memberCount: number, extra: Record<string, unknown> = {}) => ({
  name,
  icon: null,
  memberCount,
  channels: [
    { id: '210000000000000001', name: 'general' },
    { id: '210000000000000002', name: 'welcome' },
  ],
  missingPermissions: [],
  ...extra,
});
// the key bot's own permissions (View Channels, Send Messages, Embed Links, Mention Everyone, Manage Roles), not Administrator
const inviteUrlOf = (guildId: string) =>
  `https://discord.com/oauth2/authorize?client_id=${CLIENT_ID}&permissions=268585984&scope=bot%20applications.commands&guild_id=${guildId}&disable_guild_select=true`;

describe('servers: bot reports, server info and subscriber slots', function () {
  let product: SpawnedProduct;
  let adminToken: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const bot = (method: string, guildId: string, body?: unknown, token: string | null = BOT_TOKEN) =>
    api(product.url, method, `/api/bot/guilds/${guildId}`, { token: token ?? undefined, body });
  const addServer = (user: string, body: unknown) =>
    api(product.url, 'POST', '/api/user/add-server', { token: tokens[user], body });
  const updateServer = (user: string, body: unknown) =>
    api(product.url, 'POST', '/api/user/update-server', { token: tokens[user], body });
  const serversOf = async (user: string) =>
    (await api(product.url, 'GET', '/api/user/servers', { token: tokens[user] })).body;

  before(async () => {
    product = await startAllInOne({ env: { DISCORD_CLIENT_ID: CLIENT_ID } });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    for (const name of ['alice', 'bob', 'carol']) {
      const created = await runCli('src/cli/user.ts', ['create', name, '--password', `${name}-password-1`], {
        DATA_DIR: product.dataDir,
      });
      expect(created.code, created.stderr).to.equal(0);
      const signedIn = await api(product.url, 'POST', '/api/auth/login', {
        body: { username: name, password: `${name}-password-1` },
      });
      expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
      tokens[name] = signedIn.body.token;
      ids[name] = signedIn.body.id;
    }
    // decisions.md §9: each proves in Discord (/link) that they manage the servers they add
    await proveManagement(product.url, tokens.alice, [BIG, SMALL, GONE, NEVER, '200000000000000008']);
    await proveManagement(product.url, tokens.bob, [BIG, NEVER]);
    await proveManagement(product.url, tokens.carol, ['200000000000000005', '200000000000000006']);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  describe('the key bot reports its servers', () => {
    it('needs the bot token (401), and appends nothing without it', async () => {
      const before = await head();
      for (const token of [null, 'wrong-token', adminToken]) {
        const post = await bot('POST', BIG, report('Big', 500), token);
        expect(post.status).to.equal(401);
        expect(post.body.error).to.equal(errorTexts.botOnly);
        expect((await bot('DELETE', BIG, undefined, token)).status).to.equal(401);
      }
      expect(await head()).to.equal(before);
    });

    it('400 for an id that is not a snowflake or a malformed report', async () => {
      const before = await head();
      for (const id of ['abc', '123', '1234567890123456789012']) {
        const response = await bot('POST', id, report('Big', 500));
        expect(response.status, id).to.equal(400);
        expect(response.body.error).to.equal(serverTexts.badServerId);
        expect((await bot('DELETE', id)).status).to.equal(400);
      }
      for (const body of [
        {},
        report('', 5),
        report('Big', -1),
        report('Big', 1.5),
        report('Big', 5, { channels: [{ id: 'x', name: 'general' }] }),
        [1],
      ]) {
        expect((await bot('POST', BIG, body)).status, JSON.stringify(body)).to.equal(400);
      }
      expect(await head()).to.equal(before);
    });

    it('records a report once: an identical report appends nothing', async () => {
      const first = await bot('POST', BIG, report('Big', 500, { missingPermissions: ['ManageRoles'] }));
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({ success: true, changed: true });
      const before = await head();
      const again = await bot('POST', BIG, report('Big', 500, { missingPermissions: ['ManageRoles'] }));
      expect(again.body).to.deep.equal({ success: true, changed: false });
      expect(await head()).to.equal(before);
      // 2 % more members: a count this far from the last is recorded (1 % or less within the hour is not)
      const grown = await bot('POST', BIG, report('Big', 510, { missingPermissions: ['ManageRoles'] }));
      expect(grown.body).to.deep.equal({ success: true, changed: true });
      expect(await head()).to.equal((before ?? 0) + 1);
      for (const [id, name, members] of [
        [SMALL, 'Small', 20],
        [GONE, 'Gone', 9000],
      ] as const) {
        expect((await bot('POST', id, report(name, members))).body.changed).to.equal(true);
      }
    });

    it('records the bot leaving, once', async () => {
      expect((await bot('DELETE', GONE)).body).to.deep.equal({ success: true, changed: true });
      const before = await head();
      expect((await bot('DELETE', GONE)).body).to.deep.equal({ success: true, changed: false });
      expect((await bot('DELETE', NEVER)).body).to.deep.equal({ success: true, changed: false });
      expect(await head()).to.equal(before);
    });
  });

  describe('server info for visitors', () => {
    it('answers the spec shape for a server the bot is in', async () => {
      const response = await api(product.url, 'GET', `/api/server/${BIG}`);
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({
        id: BIG,
        name: 'Big',
        icon: null,
        memberCount: 510,
        noAds: false,
        sponsorUrl: null,
      });
    });

    it('lists its channels (to admins and its verified owner)', async () => {
      const response = await api(product.url, 'GET', `/api/server/${BIG}/channels`, { token: adminToken });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal([
        { id: '210000000000000001', name: 'general' },
        { id: '210000000000000002', name: 'welcome' },
      ]);
    });

    it('404 with an invite link for a server the bot left or never joined', async () => {
      for (const id of [GONE, NEVER]) {
        for (const suffix of ['', '/channels']) {
          const response = await api(product.url, 'GET', `/api/server/${id}${suffix}`, { token: adminToken });
          expect(response.status).to.equal(404);
          expect(response.body).to.deep.equal({
            inviteUrl: inviteUrlOf(id),
            message: 'Bot not in server',
            error: 'Bot not in server',
          });
        }
      }
    });

    it('400 for an id that is not a server id', async () => {
      const response = await api(product.url, 'GET', '/api/server/not-a-server');
      expect(response.status).to.equal(400);
      expect(response.body.error).to.equal(serverTexts.badServerId);
    });

    it('lists the servers the bot is in, largest first, and their totals', async () => {
      const list = await api(product.url, 'GET', '/api/server/debug/guilds');
      expect(list.status).to.equal(200);
      expect(list.body).to.deep.equal({
        guilds: [
          { id: BIG, name: 'Big', memberCount: 510 },
          { id: SMALL, name: 'Small', memberCount: 20 },
        ],
      });
      const stats = await api(product.url, 'GET', '/api/server/stats');
      expect(stats.status).to.equal(200);
      expect(stats.body).to.deep.equal({ totalMembers: 530, totalServers: 2 });
    });
  });

  describe('subscriber server slots', () => {
    it('need a signed-in user', async () => {
      expect((await api(product.url, 'GET', '/api/user/servers')).status).to.equal(401);
      expect((await api(product.url, 'POST', '/api/user/add-server', { body: { guildId: BIG } })).status).to.equal(401);
      expect(
        (await api(product.url, 'POST', '/api/user/update-server', { body: { oldId: BIG, newId: SMALL } })).status,
      ).to.equal(401);
    });

    it('start empty with the default slots', async () => {
      expect(await serversOf('alice')).to.deep.equal({ servers: [], maxSlots: 3, unverified: [] });
    });

    it('400 with the spec texts for a missing or malformed server id, and nothing appended', async () => {
      const before = await head();
      const cases: Array<[unknown, string]> = [
        [{}, serverTexts.enterServerId],
        [{ guildId: '' }, serverTexts.enterServerId],
        [{ guildId: '   ' }, serverTexts.enterServerId],
        [{ guildId: 'my server' }, serverTexts.badServerId],
        [{ guildId: '1234' }, serverTexts.badServerId],
        [{ guildId: 200_000_000_000_000 }, serverTexts.badServerId],
      ];
      for (const [body, text] of cases) {
        const response = await addServer('alice', body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.error, JSON.stringify(body)).to.equal(text);
      }
      expect((await updateServer('alice', { oldId: BIG })).body.error).to.equal(serverTexts.enterServerId);
      expect((await updateServer('alice', { oldId: 'x', newId: BIG })).body.error).to.equal(serverTexts.badServerId);
      expect(await head()).to.equal(before);
    });

    it('adds a server, and the list shows it at once', async () => {
      const response = await addServer('alice', { guildId: BIG });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({
        success: true,
        message: 'Server added successfully',
        servers: [BIG],
        maxSlots: 3,
        unverified: [],
      });
      expect(await serversOf('alice')).to.deep.equal({ servers: [BIG], maxSlots: 3, unverified: [] });
    });

    it('refuses a server already in the list (409)', async () => {
      const response = await addServer('alice', { guildId: BIG });
      expect(response.status).to.equal(409);
      expect(response.body.error).to.equal(serverTexts.alreadyInList);
    });

    it('refuses a server another subscriber registered (409), and appends nothing', async () => {
      const before = await head();
      const response = await addServer('bob', { guildId: BIG });
      expect(response.status).to.equal(409);
      expect(response.body.error).to.equal('This server is already registered by another subscriber');
      expect(await head()).to.equal(before);
      expect(await serversOf('bob')).to.deep.equal({ servers: [], maxSlots: 3, unverified: [] });
    });

    it('adds a server the bot is not in yet: its card says "Bot not in server" with the invite link', async () => {
      expect((await addServer('alice', { guildId: NEVER })).status).to.equal(200);
      const info = await api(product.url, 'GET', `/api/server/${NEVER}`, { token: tokens.alice });
      expect(info.status).to.equal(404);
      expect(info.body.inviteUrl).to.equal(inviteUrlOf(NEVER));
    });

    it('shows the owner (not visitors) the permissions the bot lacks', async () => {
      const owner = await api(product.url, 'GET', `/api/server/${BIG}`, { token: tokens.alice });
      expect(owner.body).to.deep.equal({
        id: BIG,
        name: 'Big',
        icon: null,
        memberCount: 510,
        noAds: false,
        sponsorUrl: null,
        missingPermissions: ['ManageRoles'],
        // the owner's setup checklist: nothing done in Discord yet
        setup: { vipRoleChosen: false, keyRedeemed: false },
      });
      const other = await api(product.url, 'GET', `/api/server/${BIG}`, { token: tokens.bob });
      expect(other.body).to.not.have.property('missingPermissions');
    });

    it('refuses a server beyond the slots with the limit in the text (409)', async () => {
      expect((await addServer('alice', { guildId: SMALL })).status).to.equal(200);
      const before = await head();
      const response = await addServer('alice', { guildId: GONE });
      expect(response.status).to.equal(409);
      expect(response.body.error).to.equal('Maximum limit of 3 servers reached');
      expect(await head()).to.equal(before);
      expect(await serversOf('alice')).to.deep.equal({ servers: [BIG, NEVER, SMALL], maxSlots: 3, unverified: [] });
    });

    it('updates a server in its slot, and frees the old one', async () => {
      const response = await updateServer('alice', { oldId: NEVER, newId: GONE });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({
        success: true,
        message: 'Server updated successfully',
        servers: [BIG, GONE, SMALL],
        maxSlots: 3,
        unverified: [],
      });
      expect(await serversOf('alice')).to.deep.equal({ servers: [BIG, GONE, SMALL], maxSlots: 3, unverified: [] });
      // the replaced server is free for another subscriber
      expect((await addServer('bob', { guildId: NEVER })).status).to.equal(200);
    });

    it('refuses an update from a server not in the list (404) or to a taken one (409)', async () => {
      const before = await head();
      const notMine = await updateServer('alice', { oldId: NEVER, newId: '200000000000000008' });
      expect(notMine.status).to.equal(404);
      expect(notMine.body.error).to.equal(serverTexts.notInList);
      const taken = await updateServer('alice', { oldId: BIG, newId: NEVER });
      expect(taken.status).to.equal(409);
      expect(taken.body.error).to.equal(serverTexts.claimedByAnother);
      const inList = await updateServer('alice', { oldId: BIG, newId: SMALL });
      expect(inList.status).to.equal(409);
      expect(inList.body.error).to.equal(serverTexts.alreadyInList);
      expect(await head()).to.equal(before);
    });

    it("takes the slots from the subscriber's plan", async () => {
      const metadata = {
        correlationId: 'servers-test',
        causationId: 'servers-test',
        actor: { kind: 'system' as const, id: 'test' },
      };
      const store = new SqliteEventStore(path.join(product.dataDir, 'events.sqlite'));
      const startedAt = new Date().toISOString();
      const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
      await store.append(
        `subscription-${ids.carol}`,
        [
          {
            type: 'SubscriptionStarted',
            data: { userId: ids.carol, planName: 'Basic', maxSlots: 1, startedAt, expiresAt, discordUserId: null },
            metadata,
          },
        ],
        'no_stream',
      );
      await store.close();
      const first = await addServer('carol', { guildId: '200000000000000005' });
      expect(first.status).to.equal(200);
      expect(first.body.maxSlots).to.equal(1);
      const second = await addServer('carol', { guildId: '200000000000000006' });
      expect(second.status).to.equal(409);
      expect(second.body.error).to.equal('Maximum limit of 1 server reached');
      // the read side agrees: the plan's slots, and no ads on a paying owner's key page
      expect(await serversOf('carol')).to.deep.equal({
        servers: ['200000000000000005'],
        maxSlots: 1,
        unverified: [],
      });
      expect((await bot('POST', '200000000000000005', report('Carol', 7))).status).to.equal(200);
      expect((await api(product.url, 'GET', '/api/server/200000000000000005')).body).to.deep.equal({
        id: '200000000000000005',
        name: 'Carol',
        icon: null,
        memberCount: 7,
        noAds: true,
        sponsorUrl: null,
      });
    });
  });
});

import {
  type AnalyticsResponse,
  defaultVerificationMessage,
  errorCodes,
  planTexts,
  type SubscriptionPanelView,
  type VerificationMessageView,
  verificationMessageTexts,
} from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, login } from '../support/http.ts';
import { allEvents, appendEvents, eventually, seedGuild } from '../support/seed.ts';

const [A, B, C, D, E] = [
  '910000000000000001',
  '910000000000000002',
  '910000000000000003',
  '910000000000000004',
  '910000000000000005',
];
const MEMBERS = ['920000000000000001', '920000000000000002', '920000000000000003'];
const MANAGER = '930000000000000001';
const custom = {
  title: 'Welcome to {server.name}',
  description: 'Grab a key',
  buttonLabel: 'Key page',
  color: '#3366FF',
};

/**
 * Plans as configuration, enforced on the server (decisions.md §11): slots per plan, the custom
 * verification message and analytics where the plan includes them, and what a plan's end
 * changes until an admin's extension restores it. Ownership of servers is seeded in the log
 * (claims with proof of management), as the panel's add-server would leave it.
 */
describe('plans deliver what the pricing table sells, and their end means something', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  let adminToken: string;
  const subscribers: Record<string, { id: string; token: string }> = {};

  const as = (name: string) => subscribers[name].token;
  const createSubscriber = async (username: string, planName: string, extra: Record<string, unknown> = {}) => {
    const created = await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username, password: `${username}-password-1`, planName, days: 30, ...extra },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    subscribers[username] = {
      id: created.body.id,
      token: await login(product.url, username, `${username}-password-1`),
    };
    return created.body;
  };
  /** The subscriber holds these servers, in this slot order; `verified`: they proved they manage them. */
  const holds = async (username: string, servers: string[], verified = true) => {
    const userId = subscribers[username].id;
    const now = new Date().toISOString();
    for (const guildId of servers) {
      await appendEvents(product.dataDir, `server-owner-${guildId}`, [
        { type: 'ServerClaimed', data: { guildId, userId, claimedAt: now, discordUserId: verified ? MANAGER : null } },
      ]);
      await appendEvents(product.dataDir, `user-servers-${userId}`, [
        { type: 'SubscriberServerAdded', data: { userId, guildId, addedAt: now } },
      ]);
    }
    await eventually(
      async () =>
        (await api(product.url, 'GET', '/api/user/servers', { token: as(username) })).body.servers.length ===
        servers.length,
      5000,
      'the servers in the slots',
    );
  };
  const subscription = async (username: string) =>
    (await api<SubscriptionPanelView>(product.url, 'GET', '/api/user/subscription', { token: as(username) })).body;
  const saveGreeting = (username: string, guildId: string) =>
    api(product.url, 'POST', `/api/greetings/settings/${guildId}`, {
      token: as(username),
      body: { enabled: false, channelId: null, delay: 2, message: 'Hello {user}' },
    });
  const saveMessage = (username: string, guildId: string, body: unknown = custom) =>
    api(product.url, 'POST', `/api/verification-message/${guildId}`, { token: as(username), body });
  const message = async (username: string, guildId: string) =>
    (
      await api<VerificationMessageView>(product.url, 'GET', `/api/verification-message/${guildId}`, {
        token: as(username),
      })
    ).body;
  const analytics = (username: string) =>
    api<AnalyticsResponse>(product.url, 'GET', '/api/user/analytics', { token: as(username) });
  const generateKey = async (guildId: string) => {
    const response = await api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId } });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body as { key: string; tier: string; noAds: boolean };
  };

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    for (const guildId of [A, B, C, D, E]) await seedGuild(product.dataDir, guildId, `Server ${guildId.slice(-1)}`);
    await createSubscriber('basic', 'Basic');
    await createSubscriber('premium', 'premium');
    await createSubscriber('business', 'Business');
    await createSubscriber('override', 'Basic', { maxSlots: 4 });
    await holds('basic', [E]);
    await holds('premium', [D]);
    await holds('business', [A, B, C]);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  describe('slots follow the plan', () => {
    it("Basic 1, Premium 2, Business 3, and an admin's number overrides the plan's", async () => {
      const slotsOf = async (username: string) =>
        (await api(product.url, 'GET', '/api/user/servers', { token: as(username) })).body.maxSlots;
      expect(await slotsOf('basic')).to.equal(1);
      expect(await slotsOf('premium')).to.equal(2);
      expect(await slotsOf('business')).to.equal(3);
      expect(await slotsOf('override')).to.equal(4);
      expect(await subscription('premium')).to.include({ planName: 'Premium', slots: 2, usableSlots: 2 });
      const listed = (await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken })).body.subscribers;
      expect(listed.find((s: { username: string }) => s.username === 'override')).to.include({
        maxSlots: 4,
        slotsOverride: 4,
      });
      expect(listed.find((s: { username: string }) => s.username === 'basic')).to.include({
        maxSlots: 1,
        slotsOverride: null,
      });
    });
  });

  describe('the custom verification message', () => {
    it('is the default until the owner saves one, on a plan that includes it', async () => {
      expect(await message('premium', D)).to.deep.equal({
        message: defaultVerificationMessage,
        custom: false,
        included: true,
        inUse: 'default',
        unlockedBy: 'Premium or Business',
        readOnly: false,
      });
      const saved = await saveMessage('premium', D);
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      expect(saved.body).to.deep.equal({
        success: true,
        message: verificationMessageTexts.saved,
        settings: { ...custom, color: '#3366ff' },
      });
      expect(await message('premium', D)).to.deep.include({
        message: { ...custom, color: '#3366ff' },
        custom: true,
        inUse: 'custom',
      });
      // in the server's settings history, field by field
      const history = await api(product.url, 'GET', `/api/admin/audit/servers/${D}/settings`, { token: adminToken });
      const [change] = history.body.changes.filter(
        (entry: { setting: string }) => entry.setting === 'verificationMessage',
      );
      expect(change.changes).to.deep.include({ field: 'title', from: null, to: custom.title });
      expect(change.changes).to.deep.include({ field: 'color', from: null, to: '#3366ff' });
    });

    it('is refused on Basic, with the plan that unlocks it, and nothing is written', async () => {
      expect(await message('basic', E)).to.include({
        included: false,
        inUse: 'default',
        unlockedBy: 'Premium or Business',
      });
      const before = (await allEvents(product.dataDir)).length;
      const refused = await saveMessage('basic', E);
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal({
        error: planTexts.notInPlan('customVerificationMessage'),
        code: errorCodes.notInPlan,
      });
      expect(refused.body.error).to.equal('Custom verification message comes with the Premium or Business plan');
      expect((await allEvents(product.dataDir)).length).to.equal(before);
    });

    it("checks its fields, and refuses someone else's server", async () => {
      const cases: Array<[unknown, string]> = [
        [{ ...custom, title: '' }, verificationMessageTexts.titleLength],
        [{ ...custom, description: 'x'.repeat(2001) }, verificationMessageTexts.descriptionLength],
        [{ ...custom, buttonLabel: 'b'.repeat(81) }, verificationMessageTexts.buttonLabelLength],
        [{ ...custom, color: 'blue' }, verificationMessageTexts.color],
      ];
      for (const [body, text] of cases) {
        const response = await saveMessage('premium', D, body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.error).to.equal(text);
      }
      expect((await saveMessage('premium', A)).status).to.equal(403);
      expect(
        (await api(product.url, 'GET', `/api/verification-message/${A}`, { token: as('premium') })).status,
      ).to.equal(403);
    });
  });

  describe('analytics', () => {
    it("show the owner's verified servers only, from the projections", async () => {
      const keys = [await generateKey(A), await generateKey(A), await generateKey(B)];
      const redeemed = await api(product.url, 'POST', '/api/bot/keys/redeem', {
        token: BOT_TOKEN,
        body: { guildId: A, discordUserId: MEMBERS[0], key: keys[0].key },
      });
      expect(redeemed.status, JSON.stringify(redeemed.body)).to.equal(200);
      await api(product.url, 'POST', '/api/admin/whitelist', {
        token: adminToken,
        body: { userId: MEMBERS[1], guildId: A, duration: 'lifetime' },
      });
      // a key window and a whitelist entry of the same member are one VIP
      await api(product.url, 'POST', '/api/admin/whitelist', {
        token: adminToken,
        body: { userId: MEMBERS[0], guildId: A, duration: 'weekly' },
      });
      // a server claimed without proof shows nothing
      await appendEvents(product.dataDir, `server-owner-${C}`, [
        {
          type: 'ServerClaimed',
          data: {
            guildId: C,
            userId: subscribers.business.id,
            claimedAt: new Date().toISOString(),
            discordUserId: null,
          },
        },
      ]);
      let answer!: AnalyticsResponse;
      await eventually(
        async () => {
          const response = await analytics('business');
          answer = response.body;
          return (
            response.status === 200 &&
            answer.included &&
            answer.servers.find((s) => s.guildId === A)?.keysRedeemed30d === 1 &&
            !answer.servers.some((s) => s.guildId === C)
          );
        },
        5000,
        'the figures',
      );
      expect(answer.servers.map((s) => s.guildId)).to.deep.equal([A, B]);
      const a = answer.servers[0];
      const visits = (await allEvents(product.dataDir)).filter(
        (event) => event.type === 'VisitRecorded' && (event.data as { guildId: string | null }).guildId === A,
      ).length;
      expect(a).to.include({
        serverName: 'Server 1',
        keysGenerated30d: 2,
        keysRedeemed30d: 1,
        redemptionRate: 50,
        activeVipNow: 2,
        visits30d: visits,
      });
      expect(a.daily).to.have.length(30);
      expect(a.daily.at(-1)).to.include({ date: new Date().toISOString().slice(0, 10), generated: 2, redeemed: 1 });
      expect(answer.servers[1]).to.include({ keysGenerated30d: 1, keysRedeemed30d: 0, redemptionRate: 0 });
    });

    it('are not shown on plans without them, saying which plan has them', async () => {
      for (const token of [as('basic'), as('premium'), adminToken]) {
        const answer = await api(product.url, 'GET', '/api/user/analytics', { token });
        expect(answer.status).to.equal(200);
        expect(answer.body).to.include({
          included: false,
          notIncludedReason: 'Analytics comes with the Business plan',
        });
        expect(answer.body.servers).to.deep.equal([]);
      }
    });
  });

  describe("a plan's end, and an extension that restores everything", () => {
    it('the servers beyond the free tier are read-only, features are off, the key pages free; an extension restores it all', async () => {
      const id = subscribers.business.id;
      expect((await generateKey(A)).tier).to.equal('premium');
      expect((await api(product.url, 'GET', `/api/server/${A}`)).body.noAds).to.equal(true);
      expect((await saveMessage('business', A)).status).to.equal(200);

      const ended = await api(product.url, 'POST', `/api/admin/subscribers/${id}/end`, { token: adminToken });
      expect(ended.status).to.equal(200);
      const lapsed = await subscription('business');
      expect(lapsed).to.deep.include({
        active: false,
        slots: 3,
        usableSlots: 1,
        readOnlyServers: [B, C],
        includes: { customVerificationMessage: false, analytics: false },
      });
      // the key pages fall back to the free tier at once
      expect((await api(product.url, 'GET', `/api/server/${A}`)).body.noAds).to.equal(false);
      expect(await generateKey(A)).to.include({ tier: 'free', noAds: false });
      // the first server stays editable, the others are kept as they are
      expect((await saveGreeting('business', A)).status).to.equal(200);
      const readOnly = await saveGreeting('business', B);
      expect(readOnly.status).to.equal(403);
      expect(readOnly.body).to.deep.equal({ error: planTexts.serverReadOnly, code: errorCodes.serverReadOnly });
      expect(
        (await api(product.url, 'DELETE', `/api/greetings/settings/${B}`, { token: as('business') })).status,
      ).to.equal(403);
      // the saved message is kept, unused, and cannot be changed
      expect(await message('business', A)).to.include({ custom: true, included: false, inUse: 'default' });
      expect(await message('business', B)).to.include({ readOnly: true });
      expect((await saveMessage('business', B, custom)).body).to.deep.equal({
        error: planTexts.serverReadOnly,
        code: errorCodes.serverReadOnly,
      });
      const refused = await saveMessage('business', A, { ...custom, title: 'Changed' });
      expect(refused.status).to.equal(403);
      expect(refused.body.error).to.equal(planTexts.planEnded('customVerificationMessage'));
      const noAnalytics = (await analytics('business')).body;
      expect(noAnalytics).to.include({
        included: false,
        notIncludedReason: 'Your plan has ended: renew it to use the analytics again',
      });
      expect(noAnalytics.servers).to.deep.equal([]);
      // nor its sponsor link
      const sponsor = await api(product.url, 'POST', `/api/server/${B}/sponsor`, {
        token: as('business'),
        body: { sponsorUrl: 'https://sponsor.example/b' },
      });
      expect([sponsor.status, sponsor.body.error]).to.deep.equal([403, planTexts.serverReadOnly]);
      const unsponsor = await api(product.url, 'DELETE', `/api/server/${B}/sponsor`, { token: as('business') });
      expect([unsponsor.status, unsponsor.body.error]).to.deep.equal([403, planTexts.serverReadOnly]);
      // a read-only server keeps its slot as it is, and no server is added beyond the free tier
      const moved = await api(product.url, 'POST', '/api/user/update-server', {
        token: as('business'),
        body: { oldId: C, newId: '910000000000000009' },
      });
      expect(moved.status).to.equal(403);
      expect(moved.body.error).to.equal(planTexts.serverReadOnly);
      const addedMore = await api(product.url, 'POST', '/api/user/add-server', {
        token: as('business'),
        body: { guildId: '910000000000000009' },
      });
      expect(addedMore.status).to.equal(409);
      expect(addedMore.body.error).to.equal(planTexts.freeTierFull(1));
      // an admin may still change a read-only server
      const byAdmin = await api(product.url, 'POST', `/api/greetings/settings/${B}`, {
        token: adminToken,
        body: { enabled: false, channelId: null, delay: 2, message: 'Set by an admin' },
      });
      expect(byAdmin.status).to.equal(200);

      const extended = await api(product.url, 'POST', `/api/admin/subscribers/${id}/extend`, {
        token: adminToken,
        body: { days: 30 },
      });
      expect(extended.status).to.equal(200);
      expect(await subscription('business')).to.deep.include({
        active: true,
        usableSlots: 3,
        readOnlyServers: [],
        includes: { customVerificationMessage: true, analytics: true },
      });
      expect((await api(product.url, 'GET', `/api/server/${A}`)).body.noAds).to.equal(true);
      expect((await generateKey(A)).tier).to.equal('premium');
      expect((await saveGreeting('business', B)).status).to.equal(200);
      expect(await message('business', A)).to.include({ custom: true, inUse: 'custom' });
      expect((await analytics('business')).body).to.include({ included: true, notIncludedReason: null });
    });

    it('a plan that ran out on its own (no event) is ended just the same', async () => {
      const id = subscribers.premium.id;
      // a plan written an hour ago that ran out a minute ago: nothing happened at its end
      await appendEvents(product.dataDir, `subscription-${id}`, [
        {
          type: 'SubscriptionExtended',
          data: {
            userId: id,
            days: 1,
            slotsOverride: null,
            expiresAt: new Date(Date.now() - 60_000).toISOString(),
            extendedAt: new Date(Date.now() - 3_600_000).toISOString(),
          },
        },
      ]);
      await eventually(async () => (await subscription('premium')).active === false, 5000, 'the plan read as ended');
      expect(await message('premium', D)).to.include({ custom: true, included: false, inUse: 'default' });
      expect((await saveMessage('premium', D)).status).to.equal(403);
    });
  });
});

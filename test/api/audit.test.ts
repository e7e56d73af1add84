import {
  type AuditEventView,
  type AuditPageResponse,
  auditTexts,
  configDefaults,
  errorTexts,
  type KeyLifeResponse,
  type ServerSettingsHistoryResponse,
} from '@vip/contracts';
import { digestOf } from '@vip/platform';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { proveManagement } from '../support/discord.ts';
import { api, healthDetails, login } from '../support/http.ts';
import { eventually } from '../support/seed.ts';

const SERVER = '400000000000000001';
const OTHER_SERVER = '400000000000000002';
const MEMBER = '410000000000000001';
const WELCOME = '420000000000000001';
const GENERAL = '420000000000000002';
const channels = [
  { id: WELCOME, name: 'welcome' },
  { id: GENERAL, name: 'general' },
];

describe('the audit trail (API)', function () {
  this.timeout(30_000);
  let product: SpawnedProduct;
  let adminToken: string;
  let subscriberToken: string;
  let subscriberId: string;
  let adminId: string;
  let key: string;

  const audit = (query = '', token: string | undefined = adminToken) =>
    api<AuditPageResponse & { error?: string }>(product.url, 'GET', `/api/admin/audit${query}`, { token });
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  /** The audit projection runs behind the commands: wait until it holds the newest event. */
  const caughtUp = async () => {
    const position = await head();
    await eventually(
      async () => (await audit('?limit=1')).body.events[0]?.position === position,
      5000,
      'the audit trail catching up',
    );
  };
  const greet = (body: object) =>
    api(product.url, 'POST', `/api/greetings/settings/${SERVER}`, { token: subscriberToken, body });

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    adminId = (await api(product.url, 'GET', '/api/user/info', { token: adminToken })).body.id;
    const created = await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'subscriber', password: 'subscriber-pw-1', planName: 'Business', days: 30, maxSlots: 3 },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    subscriberId = created.body.id;
    subscriberToken = await login(product.url, 'subscriber', 'subscriber-pw-1');
    for (const id of [SERVER, OTHER_SERVER]) {
      const reported = await api(product.url, 'POST', `/api/bot/guilds/${id}`, {
        token: BOT_TOKEN,
        body: { name: `Server ${id.slice(-1)}`, icon: null, memberCount: 7, channels, missingPermissions: [] },
      });
      expect(reported.status).to.equal(200);
    }
    await proveManagement(product.url, subscriberToken, [SERVER]);
    expect(
      (await api(product.url, 'POST', '/api/user/add-server', { token: subscriberToken, body: { guildId: SERVER } }))
        .status,
    ).to.equal(200);
    expect((await greet({ enabled: true, channelId: WELCOME, delay: 2, message: 'Hello {user}' })).status).to.equal(
      200,
    );
    expect((await greet({ enabled: true, channelId: GENERAL, delay: 2, message: 'Hi {user}!' })).status).to.equal(200);
    expect(
      (await api(product.url, 'DELETE', `/api/greetings/settings/${SERVER}`, { token: subscriberToken })).status,
    ).to.equal(200);
    expect(
      (
        await api(product.url, 'POST', `/api/bot/guilds/${SERVER}/vip-role`, {
          token: BOT_TOKEN,
          body: { roleId: '430000000000000001', chosenBy: MEMBER },
        })
      ).status,
    ).to.equal(200);

    const hash = (await api(product.url, 'POST', '/api/hash/generate', { body: { serverId: SERVER } })).body.hash;
    const generated = await api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId: SERVER, hash } });
    expect(generated.status, JSON.stringify(generated.body)).to.equal(200);
    key = generated.body.key;
    expect(
      (
        await api(product.url, 'POST', '/api/bot/keys/redeem', {
          token: BOT_TOKEN,
          body: { guildId: SERVER, discordUserId: MEMBER, key },
        })
      ).status,
    ).to.equal(200);
    expect(
      (
        await api(product.url, 'POST', '/api/bot/vip/removed', {
          token: BOT_TOKEN,
          body: { guildId: SERVER, discordUserId: MEMBER },
        })
      ).status,
    ).to.equal(200);
    await caughtUp();
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('is for admins only: 401 without a token, 403 for a subscriber', async () => {
    for (const path of [
      '/api/admin/audit',
      `/api/admin/audit/keys/${digestOf(key)}`,
      `/api/admin/audit/servers/${SERVER}/settings`,
    ]) {
      expect((await api(product.url, 'GET', path)).status, path).to.equal(401);
      const refused = await api(product.url, 'GET', path, { token: subscriberToken });
      expect(refused.status, path).to.equal(403);
      expect(refused.body.error).to.equal(errorTexts.forbidden);
    }
  });

  it('lists every event of the log, newest first, with who, when, why and the schema version', async () => {
    const { status, body } = await audit('?limit=200');
    expect(status).to.equal(200);
    expect(body.events.length).to.equal(await head());
    expect(body.nextBefore).to.equal(null);
    const positions = body.events.map((event) => event.position);
    expect(positions).to.deep.equal([...positions].sort((a, b) => b - a));
    const claimed = body.events.find((event) => event.type === 'ServerClaimed')!;
    expect(claimed.actor).to.deep.equal({ kind: 'user', id: subscriberId, username: 'subscriber' });
    expect(claimed).to.include({ streamId: `server-owner-${SERVER}`, schemaVersion: 2 });
    expect(claimed.correlationId).to.match(/^[\w-]{8,64}$/);
    expect(claimed.causationId).to.equal(claimed.correlationId);
    expect(Date.parse(claimed.time)).to.be.closeTo(Date.now(), 60_000);
    const registered = body.events.filter((event) => event.type === 'UserRegistered');
    expect(registered.map((event) => event.schemaVersion)).to.deep.equal([2, 2]);
  });

  it('never shows a password hash, and shortens digests', async () => {
    const { body } = await audit('?limit=200');
    const text = JSON.stringify(body);
    expect(text).to.not.match(/\$argon2/);
    const registered = body.events.find((event) => event.type === 'UserRegistered')!;
    expect(registered.data.passwordHash).to.equal('[redacted]');
    const generated = body.events.find((event) => event.type === 'KeyGenerated')!;
    expect(generated.data.keyDigest).to.equal(`${digestOf(key).slice(0, 12)}…`);
    // the whole digest is kept once, as the way into the key's life
    expect(generated.keyDigest).to.equal(digestOf(key));
    expect(text).to.not.contain(key);
  });

  it('filters by server, user, event type and time, and pages by position', async () => {
    const byServer = (await audit(`?guildId=${OTHER_SERVER}`)).body.events;
    // the bot's report: the server's facts, and its member count on a stream of its own (newest first)
    expect(byServer.map((event) => event.type)).to.deep.equal(['GuildMemberCountReported', 'GuildReported']);

    const bySubscriber = (await audit(`?userId=${subscriberId}&limit=200`)).body.events;
    expect(bySubscriber.length).to.be.greaterThan(3);
    for (const event of bySubscriber) expect(event.userIds).to.include(subscriberId);
    const byMember = (await audit(`?userId=${MEMBER}&type=KeyRedeemed,VipRoleGranted,VipRoleRemoved`)).body.events;
    expect(byMember.map((event) => event.type)).to.deep.equal(['VipRoleRemoved', 'VipRoleGranted', 'KeyRedeemed']);

    const byAdmin = (await audit(`?userId=${adminId}&type=SubscriptionStarted`)).body.events;
    expect(byAdmin).to.have.length(1);
    expect(byAdmin[0].actor.username).to.equal(ADMIN.username);

    const all = (await audit('?limit=200')).body.events;
    const middle = all[Math.floor(all.length / 2)];
    const untilMiddle = (await audit(`?to=${encodeURIComponent(middle.time)}&limit=200`)).body.events;
    expect(untilMiddle.every((event) => event.time <= middle.time)).to.equal(true);
    expect(untilMiddle.map((event) => event.position)).to.include(middle.position);
    expect((await audit('?from=2999-01-01')).body.events).to.deep.equal([]);
    expect((await audit(`?to=${middle.time.slice(0, 10)}&limit=200`)).body.events.length).to.equal(all.length);

    const pages: AuditEventView[][] = [];
    let before = '';
    for (;;) {
      const page = (await audit(`?limit=7${before}`)).body;
      pages.push(page.events);
      expect(page.events.length).to.be.at.most(7);
      if (page.nextBefore === null) break;
      before = `&before=${page.nextBefore}`;
    }
    expect(pages.flat().map((event) => event.position)).to.deep.equal(all.map((event) => event.position));
  });

  it('refuses every malformed parameter with a 400 that says what it expects', async () => {
    const refusals: Array<[string, string]> = [
      ['?guildId=abc', auditTexts.guildId],
      [`?userId=${encodeURIComponent('<script>')}`, auditTexts.userId],
      ['?type=KeyGenerated,NoSuchThing', auditTexts.unknownType(['NoSuchThing'])],
      ['?type=', auditTexts.type],
      ['?from=yesterday', auditTexts.time('from')],
      ['?to=2026-13-45', auditTexts.time('to')],
      ['?from=2026-02-01&to=2026-01-01', auditTexts.fromAfterTo],
      ['?before=0', auditTexts.before],
      ['?before=-5', auditTexts.before],
      ['?limit=0', auditTexts.limit(200)],
      ['?limit=201', auditTexts.limit(200)],
      ['?limit=ten', auditTexts.limit(200)],
      ['?limit=5&limit=6', auditTexts.givenTwice('limit')],
      [
        '?guild=1',
        auditTexts.unknownParameter(['guild'], ['guildId', 'userId', 'type', 'from', 'to', 'before', 'limit']),
      ],
    ];
    for (const [query, text] of refusals) {
      const response = await audit(query);
      expect(response.status, query).to.equal(400);
      expect(response.body.error, query).to.equal(text);
    }
    expect(
      (await api(product.url, 'GET', '/api/admin/audit/keys/not-a-digest', { token: adminToken })).body.error,
    ).to.equal(auditTexts.keyDigest);
    expect(
      (await api(product.url, 'GET', '/api/admin/audit/servers/12/settings', { token: adminToken })).status,
    ).to.equal(400);
  });

  it("shows a key's whole life: link used, generated, redeemed, VIP role granted and removed", async () => {
    const { status, body } = await api<KeyLifeResponse>(product.url, 'GET', `/api/admin/audit/keys/${digestOf(key)}`, {
      token: adminToken,
    });
    expect(status).to.equal(200);
    expect(body.keyDigest).to.equal(digestOf(key));
    expect(body.events.map((event) => event.type)).to.deep.equal([
      'AccessHashUsed',
      'KeyGenerated',
      'KeyRedeemed',
      'VipRoleGranted',
      'VipRoleRemoved',
    ]);
    expect(body.events.find((event) => event.type === 'KeyRedeemed')!.data.discordUserId).to.equal(MEMBER);

    const unknown = await api(product.url, 'GET', `/api/admin/audit/keys/${digestOf('never generated')}`, {
      token: adminToken,
    });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error).to.equal(auditTexts.keyNotFound);
  });

  it("shows who changed what when in a server's settings, field by field", async () => {
    const { status, body } = await api<ServerSettingsHistoryResponse>(
      product.url,
      'GET',
      `/api/admin/audit/servers/${SERVER}/settings`,
      { token: adminToken },
    );
    expect(status).to.equal(200);
    expect(body.changes.map((change) => [change.type, change.setting])).to.deep.equal([
      ['ServerClaimed', 'owner'],
      ['SubscriberServerAdded', 'slot'],
      ['GreetingConfigured', 'greeting'],
      ['GreetingConfigured', 'greeting'],
      ['GreetingRemoved', 'greeting'],
      ['VipRoleChosen', 'vipRole'],
    ]);
    const [, , first, second, removed, role] = body.changes;
    expect(first.actor).to.deep.equal({ kind: 'user', id: subscriberId, username: 'subscriber' });
    // against the defaults the panel showed before
    expect(first.changes).to.deep.equal([
      { field: 'enabled', from: false, to: true },
      { field: 'channelId', from: null, to: WELCOME },
      { field: 'delay', from: configDefaults.greetingDelaySeconds.default, to: 2 },
      { field: 'message', from: configDefaults.greetingDefaultMessage, to: 'Hello {user}' },
    ]);
    expect(second.changes).to.deep.equal([
      { field: 'channelId', from: WELCOME, to: GENERAL },
      { field: 'message', from: 'Hello {user}', to: 'Hi {user}!' },
    ]);
    expect(removed.changes.map((change) => change.field)).to.deep.equal(['enabled', 'channelId', 'delay', 'message']);
    expect(role.changes).to.deep.equal([{ field: 'roleId', from: null, to: '430000000000000001' }]);
    expect(role.actor.kind).to.equal('bot');
    // the ids read in words: the owner by username, the channels by name
    expect(body.names[subscriberId]).to.equal('subscriber');
    expect(body.names[WELCOME]).to.equal('welcome');
    expect(body.names[GENERAL]).to.equal('general');

    const untouched = await api<ServerSettingsHistoryResponse>(
      product.url,
      'GET',
      `/api/admin/audit/servers/${OTHER_SERVER}/settings`,
      { token: adminToken },
    );
    expect(untouched.body).to.deep.equal({ guildId: OTHER_SERVER, changes: [], names: {} });
  });
});

import path from 'node:path';
import { configDefaults, errorTexts, greetingTexts } from '@vip/contracts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { proveManagement } from '../support/discord.ts';
import { api, healthDetails, login } from '../support/http.ts';

const ALICES = '300000000000000001';
const BOBS = '300000000000000002';
const NOBODYS = '300000000000000003';
const GENERAL = '310000000000000001';
const WELCOME = '310000000000000002';
const defaults = { enabled: false, channelId: null, delay: 3, message: configDefaults.greetingDefaultMessage };
const greeting = { enabled: true, channelId: WELCOME, delay: 2, message: 'Welcome {user} to {server.name}!' };

describe('greetings: settings per server, only for its owner', function () {
  let product: SpawnedProduct;
  let adminToken: string;
  const tokens: Record<string, string> = {};

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const settings = (method: string, serverId: string, token: string | undefined, body?: unknown) =>
    api(product.url, method, `/api/greetings/settings/${serverId}`, { token, body });
  const list = (token: string) => api(product.url, 'GET', '/api/greetings/list', { token });

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    for (const name of ['alice', 'bob']) {
      const created = await runCli('src/cli/user.ts', ['create', name, '--password', `${name}-password-1`], {
        DATA_DIR: product.dataDir,
      });
      expect(created.code, created.stderr).to.equal(0);
      tokens[name] = await login(product.url, name, `${name}-password-1`);
    }
    const channels = [
      { id: GENERAL, name: 'general' },
      { id: WELCOME, name: 'welcome' },
    ];
    for (const [id, name] of [
      [ALICES, "Alice's"],
      [BOBS, "Bob's"],
      [NOBODYS, "Nobody's"],
    ]) {
      const reported = await api(product.url, 'POST', `/api/bot/guilds/${id}`, {
        token: BOT_TOKEN,
        body: { name, icon: null, memberCount: 10, channels, missingPermissions: [] },
      });
      expect(reported.status).to.equal(200);
    }
    await proveManagement(product.url, tokens.alice, [ALICES]);
    await proveManagement(product.url, tokens.bob, [BOBS]);
    expect(
      (await api(product.url, 'POST', '/api/user/add-server', { token: tokens.alice, body: { guildId: ALICES } }))
        .status,
    ).to.equal(200);
    expect(
      (await api(product.url, 'POST', '/api/user/add-server', { token: tokens.bob, body: { guildId: BOBS } })).status,
    ).to.equal(200);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('401 without a token on every greeting route', async () => {
    for (const method of ['GET', 'POST', 'DELETE'])
      expect(
        (await settings(method, ALICES, undefined, method === 'POST' ? greeting : undefined)).status,
        method,
      ).to.equal(401);
    expect((await api(product.url, 'GET', '/api/greetings/list')).status).to.equal(401);
  });

  it('shows the defaults of spec §3 before anything is configured', async () => {
    const response = await settings('GET', ALICES, tokens.alice);
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal(defaults);
    expect((await list(tokens.alice)).body).to.deep.equal({ greetings: [] });
  });

  it('400 with the form texts for bad settings, and nothing appended', async () => {
    const before = await head();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ delay: 0 }, greetingTexts.delayRange],
      [{ delay: 4 }, greetingTexts.delayRange],
      [{ delay: 2.5 }, greetingTexts.delayRange],
      [{ delay: 'soon' }, greetingTexts.delayRange],
      [{ message: '' }, greetingTexts.messageLength],
      [{ message: '   ' }, greetingTexts.messageLength],
      [{ message: 'x'.repeat(2001) }, greetingTexts.messageLength],
      [{ channelId: null }, greetingTexts.selectChannel],
      [{ channelId: '' }, greetingTexts.selectChannel],
      [{ channelId: '319999999999999999' }, greetingTexts.channelNotInServer],
      [{ enabled: 'yes' }, greetingTexts.enabledFlag],
    ];
    for (const [change, text] of cases) {
      const response = await settings('POST', ALICES, tokens.alice, { ...greeting, ...change });
      expect(response.status, JSON.stringify(change)).to.equal(400);
      expect(response.body.error, JSON.stringify(change)).to.equal(text);
    }
    expect((await settings('GET', 'not-a-server', tokens.alice)).status).to.equal(400);
    expect(await head()).to.equal(before);
  });

  it('saves the settings; they read back, and the list names the server and channel', async () => {
    const saved = await settings('POST', ALICES, tokens.alice, greeting);
    expect(saved.status).to.equal(200);
    expect(saved.body).to.deep.equal({ success: true, message: 'Settings saved successfully', settings: greeting });
    expect((await settings('GET', ALICES, tokens.alice)).body).to.deep.equal(greeting);
    expect((await list(tokens.alice)).body).to.deep.equal({
      greetings: [{ serverId: ALICES, serverName: "Alice's", channelName: 'welcome', enabled: true }],
    });
  });

  it('keeps every field the key bot needs in the event', async () => {
    const store = new SqliteEventStore(path.join(product.dataDir, 'events.sqlite'));
    const events = await store.readStream(`greeting-${ALICES}`);
    await store.close();
    expect(events.map((event) => event.type)).to.deep.equal(['GreetingConfigured']);
    expect(events[0].data).to.include({ guildId: ALICES, ...greeting });
    expect(events[0].data).to.have.property('configuredAt');
  });

  it('another subscriber can neither read nor change it (403), and nothing is appended', async () => {
    const before = await head();
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { ...greeting, message: 'Hijacked' }],
      ['POST', {}],
      ['DELETE', undefined],
    ] as const) {
      const response = await settings(method, ALICES, tokens.bob, body);
      expect(response.status, method).to.equal(403);
      expect(response.body.error).to.equal(errorTexts.notYourServer);
    }
    // a server nobody registered is nobody's to configure
    expect((await settings('POST', NOBODYS, tokens.bob, greeting)).status).to.equal(403);
    expect((await list(tokens.bob)).body).to.deep.equal({ greetings: [] });
    expect(await head()).to.equal(before);
    expect((await settings('GET', ALICES, tokens.alice)).body).to.deep.equal(greeting);
  });

  it('an admin may manage any server, and lists only their own', async () => {
    expect((await settings('GET', ALICES, adminToken)).body).to.deep.equal(greeting);
    const disabled = { enabled: false, channelId: null, delay: 1, message: 'Hello' };
    expect((await settings('POST', BOBS, adminToken, disabled)).status).to.equal(200);
    expect((await settings('GET', BOBS, tokens.bob)).body).to.deep.equal(disabled);
    expect((await list(tokens.bob)).body).to.deep.equal({
      greetings: [{ serverId: BOBS, serverName: "Bob's", channelName: null, enabled: false }],
    });
    expect((await list(adminToken)).body).to.deep.equal({ greetings: [] });
  });

  it('saving the same settings again appends nothing', async () => {
    const before = await head();
    expect((await settings('POST', ALICES, tokens.alice, greeting)).status).to.equal(200);
    expect(await head()).to.equal(before);
  });

  it('removes the greeting: back to the defaults; removing again is 404', async () => {
    const removed = await settings('DELETE', ALICES, tokens.alice);
    expect(removed.status).to.equal(200);
    expect(removed.body).to.deep.equal({ success: true, message: 'Greeting removed successfully' });
    expect((await settings('GET', ALICES, tokens.alice)).body).to.deep.equal(defaults);
    expect((await list(tokens.alice)).body).to.deep.equal({ greetings: [] });
    const again = await settings('DELETE', ALICES, tokens.alice);
    expect(again.status).to.equal(404);
    expect(again.body.error).to.equal(greetingTexts.noGreeting);
  });
});

import { suspensionTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, type SpawnedProduct } from '../../test/support/all-in-one.ts';
import { api, login } from '../../test/support/http.ts';
import { eventually } from '../../test/support/seed.ts';
import { type FakeDiscord, option, type RestCall } from './fake-discord/fake-discord.ts';
import { sleep } from './support/journeys.ts';
import { linkCode, runLink } from './support/verified-owner.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const SUPPORT_URL = 'https://support.example/chat';
const member = (n: number) => `36000000000000000${n}`;
const custom = {
  title: 'Welcome to {server.name}',
  description: 'Keys last a day; the role lasts {vip.duration}.',
  buttonLabel: 'Open the key page',
  color: '#3366ff',
};

/**
 * What a plan delivers in Discord (decisions.md §11) and a suspension (§12): the owner's own
 * /send embed where the plan includes it, greetings and auto-ping paused while the plan has
 * ended (settings kept) and back at once on an extension, and a suspended server's members
 * told that access is restricted.
 */
describe('key bot: plans and suspensions', function () {
  this.timeout(90_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  let adminToken: string;
  let ownerId: string;
  let ownerToken: string;
  const where = (userId = OWNER, channelId: string = CHANNELS.verify) => ({ guildId: GUILD, channelId, userId });
  const send = async () => {
    const sent = fake.slashCommand('key', where(), 'send', [option.channel('channel', CHANNELS.verify)]);
    const answer = await fake.answerTo(sent);
    return { answer, post: fake.callsTo('POST', `/channels/${CHANNELS.verify}/messages`).at(-1) };
  };
  const greetingsOf = (userId: string) =>
    fake
      .callsTo('POST', `/channels/${CHANNELS.welcome}/messages`)
      .filter((call: RestCall) => call.body.content.includes(`<@${userId}>`));
  const pingsSince = (since: number) =>
    fake
      .callsTo('POST', `/channels/${CHANNELS.general}/messages`)
      .filter((call: RestCall) => call.at >= since && /VIP keys are available/.test(call.body.content));
  const admin = (path: string, body: unknown = {}) => api(product.url, 'POST', path, { token: adminToken, body });
  const planActive = async (active: boolean) =>
    eventually(
      async () =>
        (await api(product.url, 'GET', '/api/user/subscription', { token: ownerToken })).body.active === active,
      5_000,
      `the plan ${active ? 'running' : 'ended'}`,
    );

  before(async () => {
    fake = await startFakeDiscord();
    product = await startProductWithBots(fake, {
      env: { AUTO_PING_HOUR_SECONDS: '1', SUPPORT_URL },
    });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      10_000,
      'the server reported',
    );
    // a Business subscriber who proved with /link that they own the server, then added it
    const created = await admin('/api/admin/subscribers', {
      username: 'owner',
      password: 'owner-password-1',
      planName: 'Business',
      days: 30,
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    ownerId = created.body.id;
    ownerToken = await login(product.url, 'owner', 'owner-password-1');
    expect(await runLink(fake, OWNER, await linkCode(product, ownerToken))).to.match(/^✅/);
    const added = await api(product.url, 'POST', '/api/user/add-server', {
      token: ownerToken,
      body: { guildId: GUILD },
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(200);
    const greeting = await api(product.url, 'POST', `/api/greetings/settings/${GUILD}`, {
      token: ownerToken,
      body: { enabled: true, channelId: CHANNELS.welcome, delay: 1, message: 'Welcome {user}!' },
    });
    expect(greeting.status, JSON.stringify(greeting.body)).to.equal(200);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it("/send posts the owner's own verification embed on a plan that includes it", async () => {
    const saved = await api(product.url, 'POST', `/api/verification-message/${GUILD}`, {
      token: ownerToken,
      body: custom,
    });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    let post: RestCall | undefined;
    await eventually(
      async () => {
        post = (await send()).post;
        return post?.body.embeds[0].title === 'Welcome to Fake Server';
      },
      5_000,
      'the custom embed',
    );
    const [embed] = post!.body.embeds;
    expect(embed).to.include({ description: 'Keys last a day; the role lasts 60 minutes.', color: 0x3366ff });
    const [link, redeemButton] = post!.body.components[0].components;
    expect(link).to.include({ style: 5, label: 'Open the key page' });
    expect(redeemButton).to.include({ custom_id: 'vip:redeem', label: 'Redeem Key' });
  });

  it('greets and pings while the plan runs', async () => {
    const started = fake.slashCommand(
      'key',
      where(),
      'auto',
      [option.integer('hours', 1), option.channel('channel', CHANNELS.general)],
      'ping',
    );
    await fake.answerTo(started);
    const since = Date.now();
    fake.memberJoins(GUILD, member(1), 'first');
    await fake.waitForCall((call) => call.path === `/channels/${CHANNELS.welcome}/messages`, 5_000, 'the greeting');
    await eventually(async () => pingsSince(since).length >= 1, 5_000, 'a ping');
  });

  it('once the plan ended: no greeting, no ping, the default embed; the settings are kept', async () => {
    expect((await admin(`/api/admin/subscribers/${ownerId}/end`)).status).to.equal(200);
    await planActive(false);
    await sleep(500); // the bots' feed follows the log within moments
    const since = Date.now();
    fake.memberJoins(GUILD, member(2), 'second');
    await sleep(2_500);
    expect(greetingsOf(member(2)), 'no greeting').to.have.length(0);
    expect(pingsSince(since), 'no ping').to.have.length(0);
    const { post } = await send();
    expect(post!.body.embeds[0].title).to.equal('🔑 VIP access');
    expect(post!.body.components[0].components[0].label).to.equal('Get a key');
    // kept: the panel still shows them
    const greeting = await api(product.url, 'GET', `/api/greetings/settings/${GUILD}`, { token: ownerToken });
    expect(greeting.body).to.include({ enabled: true, message: 'Welcome {user}!' });
    const message = await api(product.url, 'GET', `/api/verification-message/${GUILD}`, { token: ownerToken });
    expect(message.body).to.include({ custom: true, inUse: 'default' });
  });

  it("an admin's extension restores greetings, pings and the custom embed at once", async () => {
    expect((await admin(`/api/admin/subscribers/${ownerId}/extend`, { days: 30 })).status).to.equal(200);
    await planActive(true);
    await sleep(500);
    const since = Date.now();
    fake.memberJoins(GUILD, member(3), 'third');
    await eventually(async () => greetingsOf(member(3)).length === 1, 5_000, 'the greeting after renewal');
    await eventually(async () => pingsSince(since).length >= 1, 5_000, 'a ping after renewal');
    expect((await send()).post!.body.embeds[0].title).to.equal('Welcome to Fake Server');
  });

  it('a suspended server: Redeem Key and /send answer that access is restricted, with the support address', async () => {
    expect((await admin(`/api/admin/servers/${GUILD}/suspend`, { reason: 'Abuse report' })).status).to.equal(200);
    const restricted = `🚫 ${suspensionTexts.restricted}\nContact support: <${SUPPORT_URL}>`;
    await eventually(
      async () => {
        const answer = await fake.answerTo(fake.button('key', where(member(1)), 'vip:redeem'));
        return answer.kind !== 'modal' && answer.data.content === restricted;
      },
      5_000,
      'the restricted reply to Redeem Key',
    );
    const { answer } = await send();
    expect(answer.data.content).to.equal(restricted);
    expect(answer.data.flags).to.equal(64);
    // members joining a suspended server are not greeted
    fake.memberJoins(GUILD, member(4), 'fourth');
    await sleep(2_000);
    expect(greetingsOf(member(4))).to.have.length(0);

    expect((await admin(`/api/admin/servers/${GUILD}/lift-suspension`)).status).to.equal(200);
    await eventually(
      async () => (await fake.answerTo(fake.button('key', where(member(1)), 'vip:redeem'))).kind === 'modal',
      5_000,
      'the key prompt again',
    );
    const stop = fake.slashCommand('key', where(), 'auto', [], 'stop');
    await fake.answerTo(stop);
  });
});

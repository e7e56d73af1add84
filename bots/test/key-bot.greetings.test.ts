import { expect } from 'chai';
import { ADMIN, type SpawnedProduct } from '../../test/support/all-in-one.ts';
import { api, login } from '../../test/support/http.ts';
import { eventually, streamEvents } from '../../test/support/seed.ts';
import { type FakeDiscord, option, type RestCall } from './fake-discord/fake-discord.ts';
import { sleep } from './support/journeys.ts';
import { verifiedOwner } from './support/verified-owner.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const NEWCOMER = '320000000000000001';
const QUICK_LEAVER = '320000000000000002';
const TEMPLATE = 'Welcome {user} to {server.name}! You are our {membercount}th member!';

/**
 * Greetings from the greeting settings a subscriber saves in the panel, and /auto ping, with
 * an "hour" of one second (AUTO_PING_HOUR_SECONDS) so the schedule runs in a test.
 */
describe('key bot: greetings and /auto ping', function () {
  this.timeout(60_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  const greetingsTo = (userId: string) =>
    fake
      .callsTo('POST', `/channels/${CHANNELS.welcome}/messages`)
      .filter((call) => call.body.content.includes(`<@${userId}>`));

  before(async () => {
    fake = await startFakeDiscord();
    product = await startProductWithBots(fake, {
      env: { AUTO_PING_HOUR_SECONDS: '1', GUILD_REPORT_INTERVAL_SECONDS: '1' },
    });
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      10_000,
      'the server reported',
    );
    // decisions.md §9: the bot greets only on a server a verified owner holds
    await verifiedOwner(fake, product);
    const admin = await login(product.url, ADMIN.username, ADMIN.password);
    const saved = await api(product.url, 'POST', `/api/greetings/settings/${GUILD}`, {
      token: admin,
      body: { enabled: true, channelId: CHANNELS.welcome, delay: 1, message: TEMPLATE },
    });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('greets a new member after the delay, with the template rendered and only them mentioned', async () => {
    const joinedAt = Date.now();
    fake.memberJoins(GUILD, NEWCOMER, 'newcomer');
    const greeting = await fake.waitForCall(
      (call) => call.path === `/channels/${CHANNELS.welcome}/messages`,
      5_000,
      'the greeting',
    );
    // owner, two bots, the newcomer
    expect(greeting.body.content).to.equal(`Welcome <@${NEWCOMER}> to Fake Server! You are our 4th member!`);
    expect(greeting.body.allowed_mentions).to.deep.equal({ users: [NEWCOMER] });
    expect(greeting.at - joinedAt).to.be.at.least(950);
    expect(greeting.at - joinedAt).to.be.below(2_500);
  });

  it('does not greet a member who left during the delay', async () => {
    fake.memberJoins(GUILD, QUICK_LEAVER, 'quick');
    await sleep(300);
    fake.memberLeaves(GUILD, QUICK_LEAVER);
    await sleep(1_500);
    expect(greetingsTo(QUICK_LEAVER)).to.have.length(0);
  });

  it('does not greet again when a member comes back soon after', async () => {
    fake.memberLeaves(GUILD, NEWCOMER);
    fake.memberJoins(GUILD, NEWCOMER, 'newcomer');
    await sleep(1_500);
    expect(greetingsTo(NEWCOMER)).to.have.length(1);
  });

  it('reports the member count after joins and leaves, at most once per interval', async () => {
    const members = fake.guild(GUILD).members.size;
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).body.memberCount === members,
      5_000,
      'the member count',
    );
    // five joins and leaves above; the reports merge them (an unchanged count appends nothing),
    // and the counts have a stream of their own, apart from the server's facts
    const reports = (await streamEvents(product.dataDir, `guild-members-${GUILD}`)).filter(
      (event) => event.type === 'GuildMemberCountReported',
    );
    expect(reports.length).to.be.within(2, 4);
  });

  it('/auto ping pings on schedule in its channel, and /auto stop ends it', async () => {
    const pings = () =>
      fake
        .callsTo('POST', `/channels/${CHANNELS.general}/messages`)
        .filter((call: RestCall) => /VIP keys are available/.test(call.body.content));
    const started = fake.slashCommand(
      'key',
      { guildId: GUILD, channelId: CHANNELS.verify, userId: OWNER },
      'auto',
      [option.integer('hours', 1), option.channel('channel', CHANNELS.general)],
      'ping',
    );
    const startedAt = Date.now();
    expect((await fake.answerTo(started)).data.content).to.match(
      new RegExp(`^Auto ping every 1 h in <#${CHANNELS.general}>; the next one is <t:\\d+:f>`),
    );

    await eventually(async () => pings().length >= 2, 5_000, 'two pings');
    const [first, second] = pings();
    // every "hour" (one second here), counted from the start
    expect(first.at - startedAt).to.be.within(800, 1_600);
    expect(second.at - first.at).to.be.within(700, 1_300);
    expect(first.body.content).to.equal(
      '@here 🔑 VIP keys are available: get yours at https://vip.example/gen?serverid=200000000000000001 and press **Redeem Key**.',
    );
    expect(first.body.allowed_mentions).to.deep.equal({ parse: ['everyone'] });

    const stopped = fake.slashCommand(
      'key',
      { guildId: GUILD, channelId: CHANNELS.verify, userId: OWNER },
      'auto',
      [],
      'stop',
    );
    expect((await fake.answerTo(stopped)).data.content).to.equal('Auto ping stopped.');
    const count = pings().length;
    await sleep(1_500);
    expect(pings()).to.have.length(count);
    const again = fake.slashCommand(
      'key',
      { guildId: GUILD, channelId: CHANNELS.verify, userId: OWNER },
      'auto',
      [],
      'stop',
    );
    expect((await fake.answerTo(again)).data.content).to.equal('No auto ping was running.');
  });
});

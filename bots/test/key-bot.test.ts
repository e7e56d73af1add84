import { expect } from 'chai';
import { PermissionFlagsBits } from 'discord.js';
import { ADMIN, BOT_TOKEN, type SpawnedProduct } from '../../test/support/all-in-one.ts';
import { api, login } from '../../test/support/http.ts';
import { eventually, seedKey } from '../../test/support/seed.ts';
import { type FakeDiscord, option } from './fake-discord/fake-discord.ts';
import { generateKey, redeem } from './support/journeys.ts';
import { verifiedOwner } from './support/verified-owner.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const NO_MANAGE_ROLES_GUILD = '200000000000000101';
const HIGH_ROLE_GUILD = '200000000000000201';
const HIGH_ROLE = '200000000000000299';
const member = (n: number) => `31000000000000000${n}`;

/**
 * The key bot run exactly as `npm start` runs it (the product's launcher starts it because
 * DISCORD_TOKEN is set), against a fake Discord: servers reported, /send, Redeem Key with
 * every kind of key, the log channel and /stats.
 */
describe('key bot: servers, /send and redeeming keys', function () {
  this.timeout(60_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  const where = (userId: string, channelId: string = CHANNELS.verify, guildId = GUILD) => ({
    guildId,
    channelId,
    userId,
  });

  before(async () => {
    fake = await startFakeDiscord();
    for (let n = 1; n <= 6; n++) fake.addMember(fake.guild(GUILD), member(n), `member${n}`);
    fake.addGuild({
      id: NO_MANAGE_ROLES_GUILD,
      name: 'No Roles',
      ownerId: OWNER,
      channels: [{ id: '200000000000000111', name: 'verify' }],
      bots: ['key'],
      botPermissions: PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks,
    });
    fake.addMember(fake.guild(NO_MANAGE_ROLES_GUILD), member(1), 'member1');
    const high = fake.addGuild({
      id: HIGH_ROLE_GUILD,
      name: 'High Role',
      ownerId: OWNER,
      channels: [{ id: '200000000000000211', name: 'verify' }],
      bots: ['key'],
    });
    fake.addRole(high, { id: HIGH_ROLE, name: 'Admins', position: 20 });
    fake.addMember(high, member(1), 'member1');
    product = await startProductWithBots(fake);
    // the log channel (/setlog) is used only on a server a verified owner holds (decisions.md §9)
    await verifiedOwner(fake, product);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('reports its servers on ready, so their key pages know them', async () => {
    for (const guildId of [GUILD, NO_MANAGE_ROLES_GUILD, HIGH_ROLE_GUILD]) {
      await eventually(
        async () => (await api(product.url, 'GET', `/api/server/${guildId}`)).status === 200,
        10_000,
        `server ${guildId} known`,
      );
    }
    const info = await api(product.url, 'GET', `/api/server/${GUILD}`);
    // owner, two bots, six members
    expect(info.body).to.include({ id: GUILD, name: 'Fake Server', memberCount: 9 });
    // channels are for the server's verified owner and admins
    const channels = await api(product.url, 'GET', `/api/server/${GUILD}/channels`, {
      token: await login(product.url, ADMIN.username, ADMIN.password),
    });
    expect(channels.body.map((channel: { name: string }) => channel.name)).to.deep.equal([
      'general',
      'verify',
      'welcome',
      'logs',
      'videos',
    ]);
  });

  it('/send posts the key-verification embed with the key page link and the Redeem Key button', async () => {
    const sent = fake.slashCommand('key', where(OWNER, CHANNELS.general), 'send', [
      option.channel('channel', CHANNELS.verify),
    ]);
    const answer = await fake.answerTo(sent);
    expect(answer.data.content).to.equal(`Posted the key-verification message in <#${CHANNELS.verify}>.`);
    expect(answer.data.flags).to.equal(64); // only the admin sees it
    const [post] = fake.callsTo('POST', `/channels/${CHANNELS.verify}/messages`);
    expect(post.bot).to.equal('key');
    expect(post.body.embeds[0].title).to.equal('🔑 VIP access');
    const [link, redeemButton] = post.body.components[0].components;
    expect(link).to.include({ style: 5, label: 'Get a key', url: `https://vip.example/gen?serverid=${GUILD}` });
    expect(redeemButton).to.include({ custom_id: 'vip:redeem', label: 'Redeem Key' });
  });

  it('/send takes another button_url, and refuses one that is not a web address', async () => {
    const custom = fake.slashCommand('key', where(OWNER, CHANNELS.general), 'send', [
      option.string('button_url', 'https://keys.example/mine'),
    ]);
    await fake.answerTo(custom);
    const posts = fake.callsTo('POST', `/channels/${CHANNELS.general}/messages`);
    expect(posts.at(-1)!.body.components[0].components[0].url).to.equal('https://keys.example/mine');
    const bad = fake.slashCommand('key', where(OWNER, CHANNELS.general), 'send', [
      option.string('button_url', 'javascript:alert(1)'),
    ]);
    expect((await fake.answerTo(bad)).data.content).to.equal('button_url must be an http(s) address.');
  });

  it('/setlog makes the log channel receive what happens next', async () => {
    const sent = fake.slashCommand('key', where(OWNER, CHANNELS.general), 'setlog', [
      option.channel('channel', CHANNELS.logs),
    ]);
    expect((await fake.answerTo(sent)).data.content).to.equal(
      `I will log key redemptions, role changes and problems in <#${CHANNELS.logs}>.`,
    );
    await fake.waitForCall((call) => call.method === 'POST' && call.path === `/channels/${CHANNELS.logs}/messages`);
  });

  it('Redeem Key → modal → a valid key: the VIP role is created once and given', async () => {
    const key = await generateKey(product);
    const answer = await redeem(fake, member(1), key);
    expect(answer.kind).to.equal('edit');
    expect(answer.data.content).to.match(/^✅ Key accepted! You have the VIP role until <t:\d+:f>/);
    const [created] = fake.callsTo('POST', `/guilds/${GUILD}/roles`);
    expect(created.body.name).to.equal('VIP');
    const vipRole = [...fake.guild(GUILD).roles.values()].find((role) => role.name === 'VIP')!;
    expect(fake.callsTo('PUT', `/guilds/${GUILD}/members/${member(1)}/roles/${vipRole.id}`)).to.have.length(1);
    expect(fake.guild(GUILD).members.get(member(1))!.roles).to.include(vipRole.id);
    // the log channel says so, without pinging anyone
    const logged = await fake.waitForCall(
      (call) => call.path === `/channels/${CHANNELS.logs}/messages` && /redeemed a key/.test(call.body.content),
    );
    expect(logged.body.content).to.contain(`<@${member(1)}> redeemed a key: <@&${vipRole.id}>`);
    expect(logged.body.allowed_mentions).to.deep.equal({ parse: [] });

    // a second member: the role exists now, it is not created again
    await redeem(fake, member(2), await generateKey(product));
    expect(fake.callsTo('POST', `/guilds/${GUILD}/roles`)).to.have.length(1);
    expect(fake.callsTo('PUT', `/guilds/${GUILD}/members/${member(2)}/roles/${vipRole.id}`)).to.have.length(1);
  });

  it('a member submitting the same key again gets the same answer and the role again (issue #13 item 7)', async () => {
    const key = await generateKey(product);
    const first = await redeem(fake, member(5), key);
    expect(first.data.content).to.match(/^✅ Key accepted!/);
    const vipRole = [...fake.guild(GUILD).roles.values()].find((role) => role.name === 'VIP')!;
    // the role went missing (taken by hand, or the first grant's answer was lost): the retry gives it back
    const roles = fake.guild(GUILD).members.get(member(5))!.roles;
    roles.splice(roles.indexOf(vipRole.id), 1);
    const again = await redeem(fake, member(5), key);
    expect(again.data.content).to.equal(first.data.content);
    expect(fake.callsTo('PUT', `/guilds/${GUILD}/members/${member(5)}/roles/${vipRole.id}`)).to.have.length(2);
    expect(fake.guild(GUILD).members.get(member(5))!.roles).to.include(vipRole.id);
  });

  it('answers every invalid key with its own reason, and gives no role', async () => {
    const putsBefore = fake.callsTo('PUT', /\/roles\//).length;
    const unknown = await redeem(fake, member(3), 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GG');
    expect(unknown.data.content).to.equal('❌ This key does not exist. Check that you copied the whole key.');

    const used = await generateKey(product);
    await redeem(fake, member(3), used);
    const again = await redeem(fake, member(4), used);
    expect(again.data.content).to.equal('❌ This key has already been used. Generate a new one on the key page.');

    const expired = await seedKey(product.dataDir, GUILD, new Date(Date.now() - 60_000));
    const late = await redeem(fake, member(4), expired);
    expect(late.data.content).to.equal('❌ This key has expired. Generate a new one on the key page.');

    const elsewhere = await generateKey(product, HIGH_ROLE_GUILD);
    const wrong = await redeem(fake, member(4), elsewhere);
    expect(wrong.data.content).to.equal(
      '❌ This key belongs to another server. Use it in the server it was generated for.',
    );

    // only member 3's valid redemption gave a role
    expect(fake.callsTo('PUT', /\/roles\//).length).to.equal(putsBefore + 1);
    const logged = await fake.waitForCall(
      (call) =>
        call.path === `/channels/${CHANNELS.logs}/messages` &&
        /could not redeem a key: This key has expired/.test(call.body.content),
    );
    expect(logged.body.content).to.not.contain(expired);
  });

  it('without Manage Roles, says so before spending the key', async () => {
    const key = await generateKey(product, NO_MANAGE_ROLES_GUILD);
    const answer = await redeem(fake, member(1), key, NO_MANAGE_ROLES_GUILD, '200000000000000111');
    expect(answer.data.content).to.equal(
      '❌ I need the **Manage Roles** permission to give you the VIP role. Please tell a server admin.',
    );
    expect(fake.callsTo('POST', `/guilds/${NO_MANAGE_ROLES_GUILD}/roles`)).to.have.length(0);
    // the key is still good: the server can honour it once fixed
    const check = await api(product.url, 'POST', '/api/bot/keys/redeem', {
      token: BOT_TOKEN,
      body: { guildId: NO_MANAGE_ROLES_GUILD, discordUserId: member(1), key },
    });
    expect(check.status, JSON.stringify(check.body)).to.equal(200);
  });

  it('/setrole with a role above the bot: saved, with a warning; redeeming then explains the role order', async () => {
    const chosen = fake.slashCommand('key', where(OWNER, '200000000000000211', HIGH_ROLE_GUILD), 'setrole', [
      option.role('role', HIGH_ROLE),
    ]);
    expect((await fake.answerTo(chosen)).data.content).to.equal(
      `The VIP role is now <@&${HIGH_ROLE}>, but it is above my own role: move my role above it or I cannot give it.`,
    );
    const answer = await redeem(
      fake,
      member(1),
      await generateKey(product, HIGH_ROLE_GUILD),
      HIGH_ROLE_GUILD,
      '200000000000000211',
    );
    expect(answer.data.content).to.equal(
      `❌ The VIP role <@&${HIGH_ROLE}> is placed above my own role, so I cannot give it. A server admin must move my role above it.`,
    );
    expect(fake.callsTo('PUT', `/guilds/${HIGH_ROLE_GUILD}/members/${member(1)}/roles/${HIGH_ROLE}`)).to.have.length(0);
  });

  it('/stats shows the real figures of this server, /help its key page', async () => {
    const stats = fake.slashCommand('key', where(OWNER, CHANNELS.general), 'stats');
    const embed = (await fake.answerTo(stats)).data.embeds![0];
    const figure = (name: string) => Number(embed.fields.find((field: { name: string }) => field.name === name).value);
    // generated for GUILD in this file: 3 valid + 1 used + 1 seeded expired; redeemed: member 1, 2, 3, 5 (once)
    expect(figure('Keys generated')).to.equal(5);
    expect(figure('Keys redeemed')).to.equal(4);
    expect(figure('VIPs right now')).to.equal(4);

    const help = fake.slashCommand('key', where(member(5), CHANNELS.general), 'help');
    expect((await fake.answerTo(help)).data.content).to.contain(
      `This server's key page: https://vip.example/gen?serverid=${GUILD}`,
    );
  });

  it('reports a server it joins, a rename, and a server it leaves', async () => {
    const joined = '200000000000000301';
    fake.botJoins('key', {
      id: joined,
      name: 'Joined Later',
      ownerId: OWNER,
      channels: [{ id: '200000000000000311', name: 'lobby' }],
      bots: [],
    });
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${joined}`)).body?.name === 'Joined Later',
      10_000,
      'the joined server',
    );
    fake.renameGuild(joined, 'Renamed');
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${joined}`)).body?.name === 'Renamed',
      10_000,
      'the rename',
    );
    fake.botLeaves('key', joined);
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${joined}`)).status === 404,
      10_000,
      'the leave',
    );
  });
});

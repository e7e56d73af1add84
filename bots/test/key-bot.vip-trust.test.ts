import type { AdminStatsResponse, ServerInfoResponse } from '@vip/contracts';
import { personalStreams } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, type SpawnedProduct } from '../../test/support/all-in-one.ts';
import { api, login } from '../../test/support/http.ts';
import { eventually, streamEvents } from '../../test/support/seed.ts';
import { redeemedText } from '../src/key-bot/redeem-key.ts';
import { type FakeDiscord, option } from './fake-discord/fake-discord.ts';
import { generateKey, redeem, sleep } from './support/journeys.ts';
import { type PanelUser, verifiedOwner } from './support/verified-owner.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const WINDOW_SECONDS = 8;
const member = (n: number) => `35000000000000000${n}`;
const FRESH_GUILD = '200000000000000301';
const FRESH_CHANNEL = '200000000000000311';
const where = (userId: string, channelId: string = CHANNELS.general) => ({ guildId: GUILD, channelId, userId });

/**
 * Issue #21 items 1–4 against the fake Discord: /vip, the second key's reply, leaving and
 * rejoining during a window, and Discord's refusals said out loud (the member, the log
 * channel, the panel's server card, the admin statistics) and retried in seconds.
 */
describe('key bot: VIP roles members can trust', function () {
  this.timeout(120_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  let owner: PanelUser;

  const vipRoleId = (guildId = GUILD) =>
    [...fake.guild(guildId).roles.values()].find((role) => role.name === 'VIP')?.id;
  const hasRole = (userId: string, guildId = GUILD) =>
    !!fake
      .guild(guildId)
      .members.get(userId)
      ?.roles.includes(vipRoleId(guildId) ?? '-');
  const untilOf = async (userId: string) => {
    const granted = (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, userId)))
      .filter((event) => event.type === 'VipRoleGranted')
      .at(-1)!;
    return Date.parse((granted.data as { until: string }).until);
  };
  const rolePath = (userId: string) => `/guilds/${GUILD}/members/${userId}/roles/${vipRoleId()}`;
  const logLines = () =>
    fake.callsTo('POST', `/channels/${CHANNELS.logs}/messages`).map((call) => call.body.content as string);
  const roleProblem = async () =>
    (await api<ServerInfoResponse>(product.url, 'GET', `/api/server/${GUILD}`, { token: owner.token })).body
      .roleProblem;
  const vipAnswer = async (userId: string) =>
    (await fake.answerTo(fake.slashCommand('key', where(userId), 'vip'))).data;

  before(async () => {
    fake = await startFakeDiscord();
    for (let n = 1; n <= 9; n++) fake.addMember(fake.guild(GUILD), member(n), `member${n}`);
    fake.addGuild({
      id: FRESH_GUILD,
      name: 'Fresh Server',
      ownerId: OWNER,
      channels: [{ id: FRESH_CHANNEL, name: 'verify' }],
      bots: ['key'],
    });
    for (let n = 1; n <= 2; n++) fake.addMember(fake.guild(FRESH_GUILD), member(n), `member${n}`);
    product = await startProductWithBots(fake, { env: { VIP_ROLE_SECONDS: String(WINDOW_SECONDS) } });
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      10_000,
      'the server reported',
    );
    owner = await verifiedOwner(fake, product);
    const setlog = fake.slashCommand('key', where(OWNER), 'setlog', [option.channel('channel', CHANNELS.logs)]);
    await fake.answerTo(setlog);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('/vip tells a member privately: no VIP and the key page, the end of their window, a standing whitelist entry', async () => {
    const none = await vipAnswer(member(1));
    expect(none.flags, 'for the member only').to.equal(64);
    expect(none.content).to.equal(
      `You have no VIP in this server right now. Get a key at https://vip.example/gen?serverid=${GUILD} and press **Redeem Key** in the server.`,
    );

    await redeem(fake, member(1), await generateKey(product));
    const unix = Math.floor((await untilOf(member(1))) / 1000);
    await eventually(async () => /ends/.test((await vipAnswer(member(1))).content ?? ''), 5_000, 'the window folded');
    expect((await vipAnswer(member(1))).content).to.equal(`⭐ Your VIP role here ends <t:${unix}:R> (<t:${unix}:f>).`);

    const adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const added = await api(product.url, 'POST', '/api/admin/whitelist', {
      token: adminToken,
      body: { userId: member(2), guildId: GUILD, duration: 'lifetime' },
    });
    expect(added.status, JSON.stringify(added.body)).to.be.oneOf([200, 201]);
    await eventually(async () => /whitelist/.test((await vipAnswer(member(2))).content ?? ''), 5_000, 'the entry');
    expect((await vipAnswer(member(2))).content).to.equal(
      '⭐ You are on the whitelist here: you keep the VIP role for as long as the entry stands, without a key.',
    );
  });

  it('a second key answers with the window’s new end; a capped one says the cap was reached', async () => {
    await redeem(fake, member(3), await generateKey(product));
    await sleep(1_000);
    const second = await redeem(fake, member(3), await generateKey(product));
    const unix = Math.floor((await untilOf(member(3))) / 1000);
    expect(second.data.content).to.equal(
      `✅ Key accepted! Your VIP role now lasts until <t:${unix}:f> (<t:${unix}:R>).`,
    );
    // the decider's cap (VIP_MAX_HOURS) answers `capped`; the bot says so with the end it got
    const until = new Date(unix * 1000).toISOString();
    const answer = {
      success: true as const,
      guildId: GUILD,
      discordUserId: member(3),
      until,
      extended: true,
      capped: false,
    };
    expect(redeemedText({ ...answer, capped: true })).to.match(
      /^✅ Key accepted! .*most VIP time you can hold at once/,
    );
    expect(redeemedText(answer)).to.not.match(/most VIP time/);
  });

  it('leaving does not dodge or forfeit: back during the window, the role comes back at once; after it, not', async () => {
    await redeem(fake, member(4), await generateKey(product));
    await redeem(fake, member(5), await generateKey(product));
    expect(hasRole(member(4)) && hasRole(member(5))).to.equal(true);
    fake.memberLeaves(GUILD, member(4));
    fake.memberLeaves(GUILD, member(5));
    await sleep(300);
    const back = Date.now();
    fake.memberJoins(GUILD, member(4), 'member4');
    const given = await fake.waitForCall(
      (call) => call.method === 'PUT' && call.path === rolePath(member(4)) && call.at >= back,
      3_000,
      'the role given back',
    );
    expect(given.at - back).to.be.below(2_000);
    expect(hasRole(member(4))).to.equal(true);
    await eventually(
      async () => logLines().some((line) => line.startsWith(`🔁 <@${member(4)}> came back`)),
      3_000,
      'the log line',
    );

    // member 5 comes back after the end: no role
    await sleep(Math.max(0, (await untilOf(member(5))) - Date.now() + 1_500));
    const late = Date.now();
    fake.memberJoins(GUILD, member(5), 'member5');
    await sleep(1_500);
    expect(fake.callsTo('PUT', rolePath(member(5))).filter((call) => call.at >= late)).to.have.length(0);
    expect(hasRole(member(5))).to.equal(false);
  });

  it('a grant Discord refuses: the member is told, the log says what to fix, the card shows it, it is retried in seconds', async () => {
    fake.failNext('PUT', /\/roles\//, 403, { code: 50013, message: 'Missing Permissions' });
    const linesBefore = logLines().length;
    const answer = await redeem(fake, member(6), await generateKey(product));
    expect(answer.data.content).to.match(
      /^⚠️ Your key was accepted and your VIP time runs, but Discord refused me the role/,
    );
    const line = logLines()
      .slice(linesBefore)
      .find((text) => text.startsWith(`⚠️ Discord refused me giving the VIP role of <@${member(6)}>`));
    expect(line, 'the log line').to.match(/To fix it, .+\. I keep trying while their VIP lasts\.$/);
    await eventually(async () => (await roleProblem())?.action === 'grant', 5_000, 'the card shows it');
    // the refusal was once: the retry gives the role within seconds, and the card clears
    await eventually(async () => hasRole(member(6)), 5_000, 'the role given on a retry');
    await eventually(async () => (await roleProblem()) === undefined, 5_000, 'the card clear again');
    expect(logLines().slice(linesBefore)).to.include('✅ I can give and take the VIP role here again.');
    const adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const stats = await api<AdminStatsResponse>(product.url, 'GET', '/api/admin/stats', { token: adminToken });
    expect(stats.body.vipRoles.grantsFailed.today).to.be.at.least(1);
  });

  it('the log line is written even when the member’s reply does not go through', async () => {
    fake.failNext('PUT', /\/roles\//, 403, { code: 50013, message: 'Missing Permissions' });
    fake.failNext('PATCH', /\/messages\/@original$/, 404, { code: 10015, message: 'Unknown Webhook' });
    const linesBefore = logLines().length;
    const key = await generateKey(product);
    const pressed = fake.button('key', where(member(7), CHANNELS.verify), 'vip:redeem');
    await fake.answerTo(pressed);
    fake.modalSubmit('key', where(member(7), CHANNELS.verify), 'vip:redeem-modal', { key });
    await eventually(
      async () =>
        logLines()
          .slice(linesBefore)
          .some((text) => text.includes(`the VIP role of <@${member(7)}>`)),
      10_000,
      'the log line',
    );
  });

  it('a removal Discord refuses is said out loud and retried in seconds until it is made', async () => {
    await redeem(fake, member(8), await generateKey(product));
    fake.failNext('DELETE', new RegExp(`/members/${member(8)}/roles/`), 403, {
      code: 50013,
      message: 'Missing Permissions',
    });
    const until = await untilOf(member(8));
    await eventually(async () => !hasRole(member(8)), WINDOW_SECONDS * 1000 + 8_000, 'the role removed');
    const removals = fake.callsTo('DELETE', rolePath(member(8)));
    expect(removals.length).to.equal(2);
    expect(removals[0].status).to.equal(403);
    expect(removals[1].at - removals[0].at, 'retried in seconds').to.be.below(5_000);
    expect(removals[1].at - until).to.be.below(6_000);
    expect(
      logLines().some((line) => line.startsWith(`⚠️ Discord refused me taking back the VIP role of <@${member(8)}>`)),
    ).to.equal(true);
    await eventually(
      async () =>
        (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, member(8)))).some(
          (e) => e.type === 'VipRoleRemoved',
        ),
      5_000,
      'VipRoleRemoved',
    );
  });

  it('a VIP role above the bot’s: refused before the key is spent, on the card until an admin moves it', async () => {
    const roleId = vipRoleId()!;
    fake.moveRole(GUILD, roleId, 30);
    await sleep(300);
    const answer = await redeem(fake, member(9), await generateKey(product));
    expect(answer.data.content).to.match(/is placed above my own role/);
    await eventually(async () => (await roleProblem())?.problem === 'role-above-bot', 5_000, 'the card shows it');
    fake.moveRole(GUILD, roleId, 1);
    await eventually(async () => (await roleProblem()) === undefined, 10_000, 'the card clear once the role moved');
  });

  it('two first redemptions at once in a server without a VIP role create one role, not two', async () => {
    const keys = await Promise.all([generateKey(product, FRESH_GUILD), generateKey(product, FRESH_GUILD)]);
    const at = (userId: string) => ({ guildId: FRESH_GUILD, channelId: FRESH_CHANNEL, userId });
    const members = [member(1), member(2)];
    for (const userId of members) await fake.answerTo(fake.button('key', at(userId), 'vip:redeem'));
    // both keys submitted in the same instant: both redemptions look for the role before either has made it
    const submitted = members.map((userId, i) =>
      fake.modalSubmit('key', at(userId), 'vip:redeem-modal', { key: keys[i] }),
    );
    const answers = await Promise.all(submitted.map((interaction) => fake.answerTo(interaction, 15_000)));
    for (const answer of answers) expect(answer.data.content).to.match(/^✅ Key accepted!/);
    expect(fake.callsTo('POST', `/guilds/${FRESH_GUILD}/roles`)).to.have.length(1);
    expect(hasRole(member(1), FRESH_GUILD) && hasRole(member(2), FRESH_GUILD)).to.equal(true);
  });
});

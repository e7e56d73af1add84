import type { AdminStatsResponse } from '@vip/contracts';
import { personalStreams } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, type SpawnedProduct } from '../../test/support/all-in-one.ts';
import { api, login } from '../../test/support/http.ts';
import { appendEvents, eventually, streamEvents } from '../../test/support/seed.ts';
import { type FakeDiscord, option } from './fake-discord/fake-discord.ts';
import { generateKey, redeem, sleep } from './support/journeys.ts';
import { verifiedOwner } from './support/verified-owner.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const WINDOW_SECONDS = 6;
const member = (n: number) => `34000000000000000${n}`;
const NEWCOMER = '340000000000000099';

/**
 * decisions.md §10: a whitelist entry gives the member the VIP role without a key for as long
 * as it stands. Entries that run out in seconds are written straight into the log (as an
 * admin's entry of another day would be), so their end can be watched across restarts.
 */
describe('key bot: the whitelist gives standing VIP', function () {
  this.timeout(120_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  let adminToken: string;
  const env = { VIP_ROLE_SECONDS: String(WINDOW_SECONDS) };

  const vipRoleId = () => [...fake.guild(GUILD).roles.values()].find((role) => role.name === 'VIP')?.id;
  const rolePath = (userId: string) => `/guilds/${GUILD}/members/${userId}/roles/${vipRoleId()}`;
  const hasRole = (userId: string) =>
    fake
      .guild(GUILD)
      .members.get(userId)
      ?.roles.includes(vipRoleId() ?? '-');
  const grantOf = (userId: string, timeoutMs = 5_000) =>
    fake.waitForCall(
      (call) => call.method === 'PUT' && /\/roles\//.test(call.path) && call.path.includes(`/members/${userId}/`),
      timeoutMs,
      `the VIP role given to ${userId}`,
    );
  const removalOf = (userId: string, timeoutMs = 5_000) =>
    fake.waitForCall(
      (call) => call.method === 'DELETE' && call.path === rolePath(userId),
      timeoutMs,
      `the VIP role taken from ${userId}`,
    );
  const removals = (userId: string) => fake.callsTo('DELETE', rolePath(userId));
  const settled = async (userId: string) =>
    (await streamEvents(product.dataDir, personalStreams.whitelist(GUILD, userId))).filter(
      (event) => event.type === 'WhitelistRoleRemoved',
    ).length;
  const whitelist = (userId: string, duration = 'lifetime') =>
    api(product.url, 'POST', '/api/admin/whitelist', { token: adminToken, body: { userId, guildId: GUILD, duration } });
  /** An entry that runs out `seconds` from now, as the admin's whitelist manager would have written it days ago. */
  const entryEndingIn = (userId: string, seconds: number) =>
    appendEvents(product.dataDir, personalStreams.whitelist(GUILD, userId), [
      {
        type: 'WhitelistEntryAdded',
        data: {
          userId,
          guildId: GUILD,
          duration: 'days',
          expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
          addedAt: new Date(Date.now() - 86_400_000).toISOString(),
        },
      },
    ]);
  const restart = async (downMs = 0) => {
    await product.stop();
    await sleep(downMs);
    product = await startProductWithBots(fake, { dataDir: product.dataDir, env });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
  };

  before(async () => {
    fake = await startFakeDiscord();
    for (let n = 1; n <= 7; n++) fake.addMember(fake.guild(GUILD), member(n), `member${n}`);
    product = await startProductWithBots(fake, { env });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      10_000,
      'the server reported',
    );
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('gives the VIP role when the entry is added, and takes it back when it is removed (once)', async () => {
    expect((await whitelist(member(1))).status).to.equal(201);
    await grantOf(member(1));
    expect(hasRole(member(1))).to.equal(true);
    const removed = await api(product.url, 'POST', '/api/admin/blacklist', {
      token: adminToken,
      body: { userId: member(1), guildId: GUILD },
    });
    expect(removed.status).to.equal(200);
    await removalOf(member(1));
    expect(hasRole(member(1))).to.equal(false);
    await eventually(async () => (await settled(member(1))) === 1, 5_000, 'WhitelistRoleRemoved in the log');
    await sleep(300);
    expect(removals(member(1))).to.have.length(1);
  });

  it('gives the role to a whitelisted member when they join', async () => {
    expect((await whitelist(NEWCOMER, 'monthly')).status).to.equal(201);
    await sleep(500);
    expect(fake.guild(GUILD).members.has(NEWCOMER), 'not a member yet').to.equal(false);
    const joinedAt = Date.now();
    fake.memberJoins(GUILD, NEWCOMER, 'newcomer');
    const grant = await fake.waitForCall(
      (call) => call.method === 'PUT' && call.path === rolePath(NEWCOMER) && call.at >= joinedAt,
      5_000,
      'the VIP role given on joining',
    );
    expect(grant.at - joinedAt).to.be.below(2_000);
    expect(hasRole(NEWCOMER)).to.equal(true);
  });

  it('takes the role back when the entry runs out, on time across a restart, and only once', async () => {
    await entryEndingIn(member(2), 8);
    await grantOf(member(2));
    const expiresAt = Date.parse(
      (
        (await streamEvents(product.dataDir, personalStreams.whitelist(GUILD, member(2)))).at(-1)!.data as {
          expiresAt: string;
        }
      ).expiresAt,
    );
    await restart();
    expect(expiresAt - Date.now(), 'restarted before the end').to.be.above(500);
    expect(removals(member(2))).to.have.length(0);
    const removal = await removalOf(member(2), 12_000);
    expect(removal.at).to.be.within(expiresAt - 50, expiresAt + 1_500);
    await eventually(async () => (await settled(member(2))) === 1, 5_000, 'WhitelistRoleRemoved in the log');
    // settled in the log: a later start owes nothing
    await restart();
    await sleep(1_000);
    expect(removals(member(2))).to.have.length(1);
  });

  it('a removal that fell due while the bot was down runs as soon as it is back, once', async () => {
    await entryEndingIn(member(3), 3);
    await grantOf(member(3));
    await product.stop();
    await sleep(3_500);
    const before = fake.identified.length;
    product = await startProductWithBots(fake, { dataDir: product.dataDir, env });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const connectedAt = fake.identified[before].at;
    const removal = await removalOf(member(3));
    expect(removal.at - connectedAt).to.be.below(2_500);
    await eventually(async () => (await settled(member(3))) === 1, 5_000, 'WhitelistRoleRemoved in the log');
    await sleep(300);
    expect(removals(member(3))).to.have.length(1);
  });

  it("never takes back a role a key window still holds, and a key window's end leaves a whitelisted member's role", async () => {
    // the entry ends first: the key window keeps the role until its own end
    await redeem(fake, member(4), await generateKey(product));
    await entryEndingIn(member(4), 2);
    await eventually(async () => (await settled(member(4))) === 1, 6_000, 'the ended entry settled');
    expect(removals(member(4)), 'the key window still holds the role').to.have.length(0);
    expect(hasRole(member(4))).to.equal(true);
    await removalOf(member(4), WINDOW_SECONDS * 1000 + 3_000);

    // a standing entry: the key window ends, the role stays
    expect((await whitelist(member(5))).status).to.equal(201);
    await grantOf(member(5));
    const answer = await redeem(fake, member(5), await generateKey(product));
    expect(answer.data.content).to.match(/Key accepted/);
    await eventually(
      async () =>
        (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, member(5)))).some(
          (event) => event.type === 'VipRoleRemoved',
        ),
      WINDOW_SECONDS * 1000 + 4_000,
      'the key window closed in the log',
    );
    await sleep(300);
    expect(removals(member(5))).to.have.length(0);
    expect(hasRole(member(5))).to.equal(true);
  });

  it('a grant Discord refuses is said out loud, counted, and tried again in seconds while the entry stands', async () => {
    const logLines = () =>
      fake.callsTo('POST', `/channels/${CHANNELS.logs}/messages`).map((call) => call.body.content as string);
    const grantsFailed = async () =>
      (await api<AdminStatsResponse>(product.url, 'GET', '/api/admin/stats', { token: adminToken })).body.vipRoles
        .grantsFailed.today;
    // the log channel is the verified owner's to set
    await verifiedOwner(fake, product);
    await fake.answerTo(
      fake.slashCommand('key', { guildId: GUILD, channelId: CHANNELS.verify, userId: OWNER }, 'setlog', [
        option.channel('channel', CHANNELS.logs),
      ]),
    );
    const failedBefore = await grantsFailed();
    const linesBefore = logLines().length;
    fake.failNext('PUT', new RegExp(`/members/${member(6)}/roles/`), 403, {
      code: 50013,
      message: 'Missing Permissions',
    });
    const askedAt = Date.now();
    expect((await whitelist(member(6))).status).to.equal(201);
    await eventually(
      async () =>
        logLines()
          .slice(linesBefore)
          .some((line) =>
            /^⚠️ Discord refused me giving the VIP role of <@\d+>\. To fix it, .+ I keep trying/.test(line),
          ),
      5_000,
      'the log line saying what to fix',
    );
    await eventually(async () => (await grantsFailed()) === failedBefore + 1, 5_000, 'the failed grant counted');
    // the refusal was once: the next try, seconds later, gives the role
    const given = await fake.waitForCall(
      (call) => call.method === 'PUT' && call.path === rolePath(member(6)) && (call.status ?? 500) < 300,
      5_000,
      'the role given on a retry',
    );
    expect(given.at - askedAt).to.be.below(4_000);
    expect(hasRole(member(6))).to.equal(true);
    await eventually(
      async () => logLines().includes('✅ I can give and take the VIP role here again.'),
      5_000,
      'the log saying it works again',
    );
  });

  it('/stats shows the whitelisted members of the server', async () => {
    const stats = fake.slashCommand('key', { guildId: GUILD, channelId: CHANNELS.verify, userId: OWNER }, 'stats');
    const answer = await fake.answerTo(stats);
    const fields = answer.data.embeds![0].fields as { name: string; value: string }[];
    // NEWCOMER (monthly), members 5 and 6 (lifetime) stand; the others were removed or ran out
    expect(fields.find((field) => field.name === 'Whitelisted members')?.value).to.equal('3');
  });
});

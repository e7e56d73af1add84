import { personalStreams } from '@vip/contracts';
import { expect } from 'chai';
import type { SpawnedProduct } from '../../test/support/all-in-one.ts';
import { api } from '../../test/support/http.ts';
import { eventually, streamEvents } from '../../test/support/seed.ts';
import { type FakeDiscord, option } from './fake-discord/fake-discord.ts';
import { generateKey, redeem, sleep } from './support/journeys.ts';
import { verifiedOwner } from './support/verified-owner.ts';
import { CHANNELS, GUILD, OWNER, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

// long enough for a restart of the whole product on a busy machine to fall inside a window
const WINDOW_SECONDS = 15;
const member = (n: number) => `33000000000000000${n}`;

/**
 * VIP windows of a few seconds (VIP_ROLE_SECONDS) so that the removal schedule, which the
 * bot folds from VipRoleGranted / VipRoleRemoved, can be watched across restarts.
 */
describe('key bot: the VIP role is taken back when the window ends', function () {
  this.timeout(90_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  const env = { VIP_ROLE_SECONDS: String(WINDOW_SECONDS), AUTO_PING_HOUR_SECONDS: '1' };

  const restart = async (downMs = 0) => {
    await product.stop();
    await sleep(downMs);
    product = await startProductWithBots(fake, { dataDir: product.dataDir, env });
  };
  /** The window's end as the product decided it (the reply only shows whole seconds). */
  const untilOf = async (userId: string) => {
    const events = await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, userId));
    const granted = events.filter((event) => event.type === 'VipRoleGranted').at(-1)!;
    return Date.parse((granted.data as { until: string }).until);
  };
  const vipRoleId = () => [...fake.guild(GUILD).roles.values()].find((role) => role.name === 'VIP')!.id;
  const removalOf = (userId: string) =>
    fake.callsTo('DELETE', `/guilds/${GUILD}/members/${userId}/roles/${vipRoleId()}`);
  const removedEvent = async (userId: string) =>
    (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, userId))).some(
      (event) => event.type === 'VipRoleRemoved',
    );

  before(async () => {
    fake = await startFakeDiscord();
    for (let n = 1; n <= 4; n++) fake.addMember(fake.guild(GUILD), member(n), `member${n}`);
    product = await startProductWithBots(fake, { env });
    await eventually(
      async () => (await api(product.url, 'GET', `/api/server/${GUILD}`)).status === 200,
      10_000,
      'the server reported',
    );
    // the repeating ping below runs only on a server a verified owner holds (decisions.md §9)
    await verifiedOwner(fake, product);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('a bot restarted in the middle of a window removes the role on time, and reports it', async () => {
    const answer = await redeem(fake, member(1), await generateKey(product));
    expect(answer.data.content).to.match(/Key accepted/);
    const until = await untilOf(member(1));
    // the repeating ping is a schedule from the log as well: it goes on after the restart
    const ping = fake.slashCommand(
      'key',
      { guildId: GUILD, channelId: CHANNELS.verify, userId: OWNER },
      'auto',
      [option.integer('hours', 1), option.channel('channel', CHANNELS.general)],
      'ping',
    );
    await fake.answerTo(ping);

    await restart();
    const restartedAt = Date.now();
    expect(until - restartedAt, 'the restart happened within the window').to.be.above(500);
    expect(removalOf(member(1))).to.have.length(0);

    const removal = await fake.waitForCall(
      (call) => call.method === 'DELETE' && call.path === `/guilds/${GUILD}/members/${member(1)}/roles/${vipRoleId()}`,
      WINDOW_SECONDS * 1000 + 3000,
      'the role removal',
    );
    expect(removal.at).to.be.within(until - 50, until + 1_500);
    expect(fake.guild(GUILD).members.get(member(1))!.roles).to.not.include(vipRoleId());
    await eventually(() => removedEvent(member(1)), 5_000, 'VipRoleRemoved in the log');

    const pingsAfterRestart = fake
      .callsTo('POST', `/channels/${CHANNELS.general}/messages`)
      .filter((call) => call.at > restartedAt && /VIP keys are available/.test(call.body.content));
    expect(pingsAfterRestart.length).to.be.at.least(1);
    const stop = fake.slashCommand(
      'key',
      { guildId: GUILD, channelId: CHANNELS.verify, userId: OWNER },
      'auto',
      [],
      'stop',
    );
    await fake.answerTo(stop);
  });

  it('a removal that fell due while the bot was down runs as soon as it is back', async () => {
    await redeem(fake, member(2), await generateKey(product));
    const until = await untilOf(member(2));
    await product.stop();
    await sleep(Math.max(0, until - Date.now() + 300));
    expect(removalOf(member(2))).to.have.length(0);

    const before = fake.identified.length;
    product = await startProductWithBots(fake, { dataDir: product.dataDir, env });
    const connectedAt = fake.identified[before].at;
    const removal = await fake.waitForCall(
      (call) => call.method === 'DELETE' && call.path === `/guilds/${GUILD}/members/${member(2)}/roles/${vipRoleId()}`,
      5_000,
      'the overdue removal',
    );
    expect(removal.at - connectedAt).to.be.below(2_000);
    await eventually(() => removedEvent(member(2)), 5_000, 'VipRoleRemoved in the log');
    // exactly once, even though the log said so only after the removal
    await sleep(300);
    expect(removalOf(member(2))).to.have.length(1);
  });

  it('a second key moves the whole window: /vip, a rejoin between the two ends, the removal and its record', async () => {
    const vip = async () =>
      (
        await fake.answerTo(
          fake.slashCommand('key', { guildId: GUILD, channelId: CHANNELS.general, userId: member(3) }, 'vip'),
        )
      ).data.content;
    const hasRole = () => fake.guild(GUILD).members.get(member(3))?.roles.includes(vipRoleId()) ?? false;
    await redeem(fake, member(3), await generateKey(product));
    const firstUntil = await untilOf(member(3));
    await sleep(2_000);
    const second = await redeem(fake, member(3), await generateKey(product));
    expect(second.data.content).to.match(/^✅ Key accepted! Your VIP role now lasts until/);
    const secondUntil = await untilOf(member(3));
    // the second key adds its whole window to the end (issue #21 item 2)
    expect(secondUntil - firstUntil).to.equal(WINDOW_SECONDS * 1000);
    // /vip reads the bot's fold of the log: once the second grant is folded, it shows the new end
    const unix = Math.floor(secondUntil / 1000);
    await eventually(
      async () => (await vip()) === `⭐ Your VIP role here ends <t:${unix}:R> (<t:${unix}:f>).`,
      5_000,
      '/vip with the new end',
    );

    // the member leaves before the first end and comes back after it: the window is still open
    fake.memberLeaves(GUILD, member(3));
    await sleep(Math.max(0, firstUntil - Date.now() + 500));
    expect(removalOf(member(3)), 'nothing at the first end').to.have.length(0);
    const back = Date.now();
    fake.memberJoins(GUILD, member(3), 'member3');
    await fake.waitForCall(
      (call) =>
        call.method === 'PUT' &&
        call.path === `/guilds/${GUILD}/members/${member(3)}/roles/${vipRoleId()}` &&
        call.at >= back,
      3_000,
      'the role given back between the two ends',
    );
    expect(hasRole()).to.equal(true);
    // the member is back: /vip answers them with the new end
    expect(await vip(), '/vip after the first end').to.equal(
      `⭐ Your VIP role here ends <t:${unix}:R> (<t:${unix}:f>).`,
    );

    const removal = await fake.waitForCall(
      (call) => call.method === 'DELETE' && call.path === `/guilds/${GUILD}/members/${member(3)}/roles/${vipRoleId()}`,
      secondUntil - Date.now() + 5_000,
      'the removal',
    );
    expect(removal.at).to.be.within(secondUntil - 50, secondUntil + 1_500);
    expect(hasRole()).to.equal(false);
    // the product accepts the removal of the window as it now ends, and records it
    await eventually(() => removedEvent(member(3)), 5_000, 'VipRoleRemoved in the log');
    const removed = (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, member(3)))).filter(
      (event) => event.type === 'VipRoleRemoved',
    );
    expect(removed).to.have.length(1);
    expect(Date.parse((removed[0].data as { removedAt: string }).removedAt)).to.be.within(
      secondUntil - 50,
      secondUntil + 3_000,
    );
    expect(await vip(), '/vip after the new end').to.match(/^You have no VIP in this server right now/);
  });
});

import { type DeleteUserResponse, privacyTexts, type UserDataExport } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN } from '../support/all-in-one.ts';
import { buyer, newUser, useBillingProduct } from '../support/billing.ts';
import { api, login } from '../support/http.ts';
import { appendEvents, eventually, seedGuild, streamEvents } from '../support/seed.ts';

const GUILD = '620000000000000001';
/** A Discord account linked to the deleted user, and one linked to somebody else. */
const LINKED_MEMBER = '835791357913579135';
const OTHER_MEMBER = '846802468024680246';

/** The account linked to `discordUserId` through OAuth, its name and avatar in the log. */
const linkDiscord = (dataDir: string, userId: string, discordUserId: string, username: string) =>
  appendEvents(dataDir, `discord-link-${userId}`, [
    {
      type: 'DiscordAccountLinked',
      data: { userId, discordUserId, username, avatar: null, via: 'oauth', linkedAt: new Date().toISOString() },
    },
  ]);

describe("a panel user's own copy and deletion of their account (API)", function () {
  this.timeout(120_000);
  const world = useBillingProduct();
  let adminToken: string;

  const deleteMe = (token: string, body: unknown) =>
    api<DeleteUserResponse & { error?: string }>(world.product.url, 'DELETE', '/api/user/me', { token, body });
  const exportMine = (token: string) => api<UserDataExport>(world.product.url, 'GET', '/api/user/me/export', { token });
  const everyoneListed = async () => {
    const list = await api(world.product.url, 'GET', '/api/admin/subscribers', { token: adminToken });
    expect(list.status).to.equal(200);
    return [...list.body.subscribers, ...list.body.withoutPlan].map(
      (s: { id: string; username: string }) => s.username,
    );
  };

  before(async () => {
    adminToken = await login(world.product.url, ADMIN.username, ADMIN.password);
    await seedGuild(world.product.dataDir, GUILD);
  });

  it('exports what the product holds about the signed-in user, in sentences, and nothing about anyone else', async () => {
    const me = await newUser(world.product, 'copy.wanting.user');
    const other = await newUser(world.product, 'someone.unrelated');
    await linkDiscord(world.product.dataDir, me.id, LINKED_MEMBER, 'copy.wanting.discord');
    await linkDiscord(world.product.dataDir, other.id, OTHER_MEMBER, 'unrelated.discord');
    expect((await exportMine('')).status).to.equal(401);
    await eventually(
      async () => (await exportMine(me.token)).body.current?.linkedDiscordAccount !== null,
      10_000,
      'the linked account projected',
    );
    const copy = await exportMine(me.token);
    expect(copy.status).to.equal(200);
    expect(copy.body.person).to.deep.equal({ kind: 'panel-user', userId: me.id, username: 'copy.wanting.user' });
    expect(copy.body.current.sentences.join(' ')).to.include('You registered the panel account "copy.wanting.user"');
    expect(copy.body.current.linkedDiscordAccount).to.include({ discordUserId: LINKED_MEMBER });
    expect(copy.body.current.openSessions).to.have.length(1);
    const types = copy.body.facts.map((fact) => fact.type);
    expect(types).to.include.members(['UserRegistered', 'SessionStarted', 'DiscordAccountLinked']);
    for (const fact of copy.body.facts) expect(fact.time).to.match(/^\d{4}-\d{2}-\d{2}T/);
    expect(copy.body.linkedDiscordMember?.person).to.deep.equal({
      kind: 'discord-member',
      discordUserId: LINKED_MEMBER,
    });
    const text = JSON.stringify(copy.body);
    for (const theirs of [other.id, 'someone.unrelated', OTHER_MEMBER, 'unrelated.discord', ADMIN.username])
      expect(text).to.not.include(theirs);
    expect(text).to.not.include('passwordHash":"$argon');
  });

  it('deletes the account of a user who proves it: Stripe cancelled at once, sessions, servers, link, login gone', async () => {
    const paying = await buyer(world, 'leaving.buyer');
    const otherSession = await login(world.product.url, 'leaving.buyer', 'leaving.buyer-password-1');
    const now = new Date().toISOString();
    await appendEvents(world.product.dataDir, `server-owner-${GUILD}`, [
      { type: 'ServerClaimed', data: { guildId: GUILD, userId: paying.id, claimedAt: now, discordUserId: null } },
    ]);
    await appendEvents(world.product.dataDir, `user-servers-${paying.id}`, [
      { type: 'SubscriberServerAdded', data: { userId: paying.id, guildId: GUILD, addedAt: now } },
    ]);
    await eventually(async () => (await everyoneListed()).includes('leaving.buyer'), 10_000, 'listed');

    const refused = await deleteMe(paying.token, { password: 'not-my-password' });
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.equal(privacyTexts.wrongPassword);
    const unproven = await deleteMe(paying.token, {});
    expect(unproven.status).to.equal(400);
    expect(unproven.body.error).to.equal(privacyTexts.recentSignInNeeded);
    expect(world.fake.subscriptions.get(paying.subscription)!.status).to.equal('active');

    const deleted = await deleteMe(paying.token, { password: 'leaving.buyer-password-1' });
    expect(deleted.status, JSON.stringify(deleted.body)).to.equal(200);
    expect(deleted.body).to.include({
      success: true,
      stripeSubscriptionCancelled: paying.subscription,
      serversReleased: 1,
      sessionsEnded: 2,
    });
    expect(world.fake.subscriptions.get(paying.subscription)!.status).to.equal('canceled');
    for (const token of [paying.token, otherSession])
      expect((await api(world.product.url, 'GET', '/api/user/info', { token })).status).to.equal(401);
    const signIn = await api(world.product.url, 'POST', '/api/auth/login', {
      body: { username: 'leaving.buyer', password: 'leaving.buyer-password-1' },
    });
    expect(signIn.status).to.equal(401);
    const owner = await streamEvents(world.product.dataDir, `server-owner-${GUILD}`);
    expect(owner.at(-1)!.type).to.equal('ServerReleased');
    await eventually(async () => !(await everyoneListed()).includes('leaving.buyer'), 10_000, 'unlisted');
    // the billing facts stay, named by Stripe's ids and the account's id, never by its name
    const user = await streamEvents(world.product.dataDir, `user-${paying.id}`);
    expect(user.at(-1)!.type).to.equal('UserDeleted');
    expect(JSON.stringify(user.at(-1)!.data)).to.not.include('leaving.buyer');
    // the name went with the account: anyone may register it again, in any case
    const newcomer = await newUser(world.product, 'Leaving.Buyer');
    expect(newcomer.id).to.not.equal(paying.id);
  });

  it('lets an admin delete a panel user on request, erasing their linked Discord member too', async () => {
    const asked = await newUser(world.product, 'asked.admin.to.go');
    await linkDiscord(world.product.dataDir, asked.id, '857913579135791357', 'asked.admin.discord');
    await eventually(async () => (await everyoneListed()).includes('asked.admin.to.go'), 10_000, 'listed');
    const erase = (id: string, token = adminToken) =>
      api<DeleteUserResponse & { error?: string }>(world.product.url, 'POST', `/api/admin/privacy/users/${id}/erase`, {
        token,
      });
    expect((await erase(asked.id, asked.token)).status).to.equal(403);
    const done = await erase(asked.id);
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.member).to.include({ erased: true });
    expect((await api(world.product.url, 'GET', '/api/user/info', { token: asked.token })).status).to.equal(401);
    await eventually(async () => !(await everyoneListed()).includes('asked.admin.to.go'), 10_000, 'unlisted');
    const again = await erase(asked.id);
    expect(again.status).to.equal(404);
    expect(again.body.error).to.equal(privacyTexts.userNotFound);
    expect((await erase('not-a-user')).status).to.equal(404);
  });
});

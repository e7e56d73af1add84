import { discordTexts, type SubscriberListItem, serverTexts, type UserDiscordResponse } from '@vip/contracts';
import { expect } from 'chai';
import type { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { proveManagement } from '../support/discord.ts';
import {
  avatarUrl,
  CLIENT_ID,
  D_ADMIN,
  D_ALICE,
  D_STRANGER,
  discordWorld,
  MANAGED,
  MEMBER_ONLY,
  OWNED,
  oauthBrowser,
  productEnv,
  registerApp,
} from '../support/discord-oauth.ts';
import { api, healthDetails, login } from '../support/http.ts';
import { allEvents, appendEvents, streamEvents } from '../support/seed.ts';

describe('Discord identity: sign in with Discord, proof of management, takeover, admin (API)', function () {
  this.timeout(60_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  let adminToken: string;
  const people: Record<string, { token: string; id: string }> = {};

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const { start, authorize, callback, signInAs } = oauthBrowser(
    () => product.url,
    () => fake,
  );
  const subscriber = async (username: string) => {
    const created = await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username, password: `${username}-password-1`, planName: 'Business', days: 30 },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    people[username] = { id: created.body.id, token: await login(product.url, username, `${username}-password-1`) };
  };
  const servers = async (username: string) =>
    (await api(product.url, 'GET', '/api/user/servers', { token: people[username].token })).body;
  const addServer = (username: string, guildId: string) =>
    api(product.url, 'POST', '/api/user/add-server', { token: people[username].token, body: { guildId } });

  before(async () => {
    fake = await discordWorld();
    product = await startAllInOne({ env: productEnv(fake) });
    registerApp(fake, product.url);
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    for (const name of ['alice', 'bob', 'carol']) await subscriber(name);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('offers Sign in with Discord, and starts it with a state bound to this browser by an HttpOnly cookie', async () => {
    const options = await api(product.url, 'GET', '/api/auth/discord');
    expect(options.body).to.deep.equal({ enabled: true, signUp: 'closed' });
    const response = await api(product.url, 'POST', '/api/auth/discord/start', { body: {} });
    const url = new URL(response.body.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).to.equal(`${fake.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).to.include({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'identify guilds',
      redirect_uri: `${product.url}/auth/discord/callback`,
    });
    expect(url.searchParams.get('state')).to.match(/^[\w-]+\.[0-9a-f]{64}$/);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).to.match(/^vip_discord_sign_in=[\w-]{43};/);
    expect(cookie.toLowerCase())
      .to.include('httponly')
      .and.include('samesite=lax')
      .and.include('path=/api/auth/discord');
    // connecting Discord needs someone signed in
    const anonymous = await api(product.url, 'POST', '/api/auth/discord/start', { body: { intent: 'connect' } });
    expect([anonymous.status, anonymous.body.error]).to.deep.equal([401, discordTexts.connectNeedsSession]);
  });

  it('refuses a Discord account that is no panel user while sign-up is closed ("Ask an admin"), appending nothing', async () => {
    const before = await head();
    const refused = await signInAs(D_STRANGER);
    expect([refused.status, refused.body.error]).to.deep.equal([403, discordTexts.signUpClosed]);
    expect(await head()).to.equal(before);
  });

  it('Connect Discord links the account, lists the servers it manages, and makes its avatar the user’s', async () => {
    const connected = await signInAs(D_ALICE, people.alice.token, 'connect');
    expect(connected.status, JSON.stringify(connected.body)).to.equal(200);
    expect(connected.body).to.deep.equal({
      intent: 'connect',
      account: { id: D_ALICE, username: 'Alice D', avatar: avatarUrl },
    });
    const discord = (
      await api<UserDiscordResponse>(product.url, 'GET', '/api/user/discord', { token: people.alice.token })
    ).body;
    expect(
      discord.managedServers.map((server) => [server.id, server.name, server.via, server.botInServer, server.claim]),
    ).to.deep.equal([
      [OWNED, 'Alice Owns', 'oauth', false, 'free'],
      [MANAGED, 'Alice Manages', 'oauth', false, 'free'],
    ]);
    expect(discord.managedServers[0].inviteUrl).to.contain(`guild_id=${OWNED}`);
    // spec §3: the avatar everywhere a user is shown
    const info = await api(product.url, 'GET', '/api/user/info', { token: people.alice.token });
    expect(info.body.avatar).to.equal(avatarUrl);
    const profile = await api(product.url, 'GET', `/api/user/${people.alice.id}`, { token: people.bob.token });
    expect(profile.body).to.deep.equal({ username: 'alice', avatar: avatarUrl });
  });

  it('signs in with Discord as the linked panel user: the same session as password login', async () => {
    const signedIn = await signInAs(D_ALICE);
    expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
    expect(signedIn.body).to.include({ intent: 'sign-in', id: people.alice.id });
    expect(signedIn.body.user).to.deep.equal({ username: 'alice', isAdmin: false });
    const info = await api(product.url, 'GET', '/api/user/info', { token: signedIn.body.token });
    expect(info.body).to.deep.equal({ id: people.alice.id, username: 'alice', isAdmin: false, avatar: avatarUrl });
  });

  it('adds a server the account manages; a user without proof gets 403 on add-server and update-server, nothing appended', async () => {
    const added = await addServer('alice', OWNED);
    expect(added.status, JSON.stringify(added.body)).to.equal(200);
    expect(added.body.unverified).to.deep.equal([]);
    const before = await head();
    const memberOnly = await addServer('alice', MEMBER_ONLY);
    expect([memberOnly.status, memberOnly.body.error]).to.deep.equal([403, discordTexts.proveManagement]);
    const update = await api(product.url, 'POST', '/api/user/update-server', {
      token: people.alice.token,
      body: { oldId: OWNED, newId: MEMBER_ONLY },
    });
    expect([update.status, update.body.error]).to.deep.equal([403, discordTexts.proveManagement]);
    const unlinked = await addServer('bob', OWNED);
    expect([unlinked.status, unlinked.body.error]).to.deep.equal([403, discordTexts.proveManagement]);
    expect(await head()).to.equal(before);
  });

  it('refuses a forged, foreign or replayed state, a code used twice and a Discord that does not answer, appending nothing', async () => {
    const first = await start();
    const second = await start();
    const answerToFirst = await authorize(first, D_ALICE);
    let before = await head();
    // login CSRF: a state (and code) from one browser posted with another browser's cookie
    const forged = await callback(answerToFirst, second.cookie);
    expect([forged.status, forged.body.error]).to.deep.equal([400, discordTexts.stateForged]);
    const noCookie = await callback(answerToFirst, undefined);
    expect([noCookie.status, noCookie.body.error]).to.deep.equal([400, discordTexts.stateForged]);
    const edited = await callback({ ...answerToFirst, state: `${answerToFirst.state}x` }, first.cookie);
    expect([edited.status, edited.body.error]).to.deep.equal([400, discordTexts.stateForged]);
    expect(await head()).to.equal(before);

    const completed = await callback(answerToFirst, first.cookie);
    expect(completed.status, JSON.stringify(completed.body)).to.equal(200);
    before = await head();
    const replayed = await callback(answerToFirst, first.cookie);
    expect([replayed.status, replayed.body.error]).to.deep.equal([409, discordTexts.stateUsed]);
    // the code again, with a fresh state of this browser: Discord refuses a code used twice
    const codeTwice = await callback(
      { code: answerToFirst.code, state: (await authorize(second, D_ALICE)).state },
      second.cookie,
    );
    expect([codeTwice.status, codeTwice.body.error]).to.deep.equal([400, discordTexts.codeRefused]);

    const third = await start();
    const answerToThird = await authorize(third, D_ALICE);
    fake.oauth.down = true;
    try {
      const down = await callback(answerToThird, third.cookie);
      expect([down.status, down.body.error]).to.deep.equal([502, discordTexts.discordUnreachable]);
    } finally {
      fake.oauth.down = false;
    }
    expect(await head()).to.equal(before);
  });

  it('keeps a Discord account with one panel user: connecting it to another is refused, nothing appended', async () => {
    const before = await head();
    const taken = await signInAs(D_ALICE, people.bob.token, 'connect');
    expect([taken.status, taken.body.error]).to.deep.equal([409, discordTexts.accountTaken]);
    // a state started by one user cannot be finished by another
    const started = await start('connect', people.bob.token);
    const other = await callback(await authorize(started, D_STRANGER), started.cookie, people.carol.token);
    expect([other.status, other.body.error]).to.deep.equal([403, discordTexts.otherSession]);
    expect(await head()).to.equal(before);
  });

  it('refuses server ids that are not snowflakes on the new routes', async () => {
    const verify = await api(product.url, 'POST', '/api/user/servers/not-a-server/verify', {
      token: people.alice.token,
    });
    expect([verify.status, verify.body.error]).to.deep.equal([400, serverTexts.badServerId]);
    const release = await api(product.url, 'POST', '/api/admin/servers/12345/release', {
      token: adminToken,
      body: { reason: 'x' },
    });
    expect([release.status, release.body.error]).to.deep.equal([400, serverTexts.badServerId]);
  });

  it('a manager takes a server over from an unverified claimer, who sees it gone (an event in the audit trail)', async () => {
    // carol's claim was made before proof existed
    const at = new Date().toISOString();
    await appendEvents(product.dataDir, `server-owner-${MANAGED}`, [
      {
        type: 'ServerClaimed',
        data: { guildId: MANAGED, userId: people.carol.id, claimedAt: at, discordUserId: null },
      },
    ]);
    await appendEvents(product.dataDir, `user-servers-${people.carol.id}`, [
      { type: 'SubscriberServerAdded', data: { userId: people.carol.id, guildId: MANAGED, addedAt: at } },
    ]);
    let carols = await servers('carol');
    for (let tries = 0; carols.servers.length === 0 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      carols = await servers('carol');
    }
    expect(carols).to.deep.include({ servers: [MANAGED], unverified: [MANAGED] });

    const taken = await addServer('alice', MANAGED);
    expect(taken.status, JSON.stringify(taken.body)).to.equal(200);
    expect(taken.body.servers).to.deep.equal([OWNED, MANAGED]);
    expect((await servers('carol')).servers).to.deep.equal([]);
    expect((await streamEvents(product.dataDir, `server-owner-${MANAGED}`)).map((event) => event.type)).to.deep.equal([
      'ServerClaimed',
      'ServerTakenOver',
    ]);
    const audit = await api(product.url, 'GET', `/api/admin/audit?userId=${people.carol.id}&type=ServerTakenOver`, {
      token: adminToken,
    });
    expect(
      audit.body.events.map((event: { data: { previousUserId: string } }) => event.data.previousUserId),
    ).to.deep.equal([people.carol.id]);
    // now verified: nobody takes it over again
    await proveManagement(product.url, people.bob.token, [MANAGED]);
    const again = await addServer('bob', MANAGED);
    expect([again.status, again.body.error]).to.deep.equal([409, serverTexts.claimedByAnother]);
  });

  it('shows admins each subscriber’s Discord account and servers, verified or not', async () => {
    const { body } = await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken });
    const byName = new Map<string, SubscriberListItem>(
      body.subscribers.map((item: SubscriberListItem) => [item.username, item]),
    );
    expect(byName.get('alice')!.discord).to.deep.equal({ id: D_ALICE, username: 'Alice D', avatar: avatarUrl });
    expect(byName.get('alice')!.servers).to.deep.equal([
      { id: OWNED, name: null, verified: true },
      { id: MANAGED, name: null, verified: true },
    ]);
    expect(byName.get('carol')).to.deep.include({ discord: null, servers: [] });
  });

  it('lets an admin release a claim and unlink an account, each with a reason, in the audit trail', async () => {
    const noReason = await api(product.url, 'POST', `/api/admin/servers/${OWNED}/release`, {
      token: adminToken,
      body: { reason: '  ' },
    });
    expect([noReason.status, noReason.body.error]).to.deep.equal([400, discordTexts.reasonRequired]);
    const released = await api(product.url, 'POST', `/api/admin/servers/${OWNED}/release`, {
      token: adminToken,
      body: { reason: 'sold the server' },
    });
    expect(released.body).to.deep.equal({ success: true, message: discordTexts.claimReleased });
    expect((await servers('alice')).servers).to.deep.equal([MANAGED]);
    const releasedAgain = await api(product.url, 'POST', `/api/admin/servers/${OWNED}/release`, {
      token: adminToken,
      body: { reason: 'again' },
    });
    expect([releasedAgain.status, releasedAgain.body.error]).to.deep.equal([404, discordTexts.notClaimed]);

    const unlinked = await api(product.url, 'POST', `/api/admin/subscribers/${people.alice.id}/discord/unlink`, {
      token: adminToken,
      body: { reason: 'linked the wrong account' },
    });
    expect(unlinked.body).to.deep.equal({ success: true, message: discordTexts.accountUnlinked });
    expect((await api(product.url, 'GET', '/api/user/info', { token: people.alice.token })).body.avatar).to.equal(null);
    const discord = await api(product.url, 'GET', '/api/user/discord', { token: people.alice.token });
    expect(discord.body).to.deep.equal({ account: null, managedServers: [], checks: [] });
    // the unlinked account's proofs no longer count: the server it proved stays hers, unverified
    expect(await servers('alice')).to.deep.include({ servers: [MANAGED], unverified: [MANAGED] });
    const unverifiedEvents = (await allEvents(product.dataDir)).filter(
      (event) => event.type === 'ServerClaimUnverified',
    );
    expect(unverifiedEvents.map((event) => event.data)).to.have.length(1);
    expect(unverifiedEvents[0].data).to.deep.include({
      guildId: MANAGED,
      userId: people.alice.id,
      discordUserId: D_ALICE,
      reason: 'account-unlinked',
    });
    const again = await api(product.url, 'POST', `/api/admin/subscribers/${people.alice.id}/discord/unlink`, {
      token: adminToken,
      body: { reason: 'again' },
    });
    expect([again.status, again.body.error]).to.deep.equal([404, discordTexts.notLinkedForUser]);
    // the account is free again: another user may connect it
    expect((await signInAs(D_ALICE, people.carol.token, 'connect')).status).to.equal(200);

    const reasons = (await allEvents(product.dataDir))
      .filter((event) => event.type === 'ServerReleased' || event.type === 'DiscordAccountUnlinked')
      .map((event) => (event.data as { reason: string | null }).reason);
    expect(reasons).to.include.members(['sold the server', 'linked the wrong account']);
  });

  it('a later sign-in with Discord that no longer lists a server as managed unverifies the claim it proved', async () => {
    // carol holds the account Alice used (the admin unlinked it from alice): she takes the server over
    expect((await addServer('carol', MANAGED)).status).to.equal(200);
    expect(await servers('carol')).to.deep.include({ servers: [MANAGED], unverified: [] });
    // Alice's account lost the Mods role there
    fake.addMember(fake.guild(MANAGED), D_ALICE, 'alice.d', []);
    expect((await signInAs(D_ALICE)).status).to.equal(200);
    expect(await servers('carol')).to.deep.include({ servers: [MANAGED], unverified: [MANAGED] });
    const [lapsed] = (await allEvents(product.dataDir)).filter(
      (event) =>
        event.type === 'ServerClaimUnverified' && (event.data as { reason: string }).reason === 'management-lapsed',
    );
    expect(lapsed?.data).to.deep.include({ guildId: MANAGED, userId: people.carol.id, discordUserId: D_ALICE });
    fake.addMember(fake.guild(MANAGED), D_ALICE, 'alice.d', ['720000000000000092']);
  });

  it('shows an announcement’s author with the avatar of the Discord account they linked after posting', async () => {
    const posted = await api(product.url, 'POST', '/api/announcements', {
      token: adminToken,
      body: { title: 'Hello', content: 'Posted before linking', priority: 'low' },
    });
    expect(posted.status, JSON.stringify(posted.body)).to.equal(201);
    const before = await api(product.url, 'GET', '/api/announcements', { token: people.bob.token });
    expect(before.body[0].author).to.deep.equal({ username: 'admin', avatar: null });
    expect((await signInAs(D_ADMIN, adminToken, 'connect')).status).to.equal(200);
    const after = await api(product.url, 'GET', '/api/announcements', { token: people.bob.token });
    expect(after.body[0].author).to.deep.equal({
      username: 'admin',
      avatar: `https://cdn.discordapp.com/avatars/${D_ADMIN}/ffeeddccbbaa99887766554433221100.png?size=128`,
    });
  });

  it('never writes an OAuth token, a code or a state into the log', async () => {
    const log = JSON.stringify(await allEvents(product.dataDir));
    expect(log).to.not.match(/access_token|refresh_token|fake-client-secret/);
    const started = await start();
    const answer = await authorize(started, D_ALICE);
    await callback(answer, started.cookie);
    const after = JSON.stringify(await allEvents(product.dataDir));
    expect(after).to.not.contain(answer.code);
    expect(after).to.not.contain(answer.state);
    expect(after).to.not.contain(started.cookie.split('=')[1]);
  });
});

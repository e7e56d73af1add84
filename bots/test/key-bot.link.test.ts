import { discordTexts, serverTexts, type UserDiscordResponse } from '@vip/contracts';
import { digestOf } from '@vip/platform';
import { expect } from 'chai';
import { PermissionFlagsBits } from 'discord.js';
import { ADMIN, type SpawnedProduct } from '../../test/support/all-in-one.ts';
import { api, healthDetails, login } from '../../test/support/http.ts';
import { appendEvents, eventually } from '../../test/support/seed.ts';
import type { FakeDiscord } from './fake-discord/fake-discord.ts';
import { sleep } from './support/journeys.ts';
import { linkCode, type PanelUser, panelUser, runLink } from './support/verified-owner.ts';
import { GUILD, removeDataDir, startFakeDiscord, startProductWithBots } from './support/world.ts';

const MODS_ROLE = '200000000000000090';
const MOD = '330000000000000001';
const PLAIN = '330000000000000002';
const OTHER_MOD = '330000000000000003';
const DAVE = '330000000000000004';
const ERIN = '330000000000000005';
const FRANK = '330000000000000006';
const NEWCOMER = '330000000000000007';
const LATECOMER = '330000000000000008';
const DAVES = '200000000000000301';
const ERINS = '200000000000000401';
const FRANKS = { id: '200000000000000501', welcome: '200000000000000511' };

/**
 * Proof of management through the key bot (decisions.md §9), over the fake gateway: `/link`
 * with a code from the panel, the bot reading a member's roles when the panel asks, and the
 * bot acting only on the settings of a verified owner.
 */
describe('key bot: /link, role checks and verified owners', function () {
  this.timeout(90_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  let alice: PanelUser;
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const discordOf = async (user: PanelUser) =>
    (await api<UserDiscordResponse>(product.url, 'GET', '/api/user/discord', { token: user.token })).body;
  const addServer = (user: PanelUser, guildId: string) =>
    api(product.url, 'POST', '/api/user/add-server', { token: user.token, body: { guildId } });

  before(async () => {
    fake = await startFakeDiscord();
    const guild = fake.guild(GUILD);
    fake.addRole(guild, { id: MODS_ROLE, name: 'Mods', position: 5, permissions: PermissionFlagsBits.ManageGuild });
    fake.addMember(guild, MOD, 'mod', [MODS_ROLE]);
    fake.addMember(guild, OTHER_MOD, 'othermod', [MODS_ROLE]);
    fake.addMember(guild, PLAIN, 'plain');
    fake.addMember(guild, DAVE, 'dave', [MODS_ROLE]);
    fake.addMember(guild, ERIN, 'erin');
    for (const [id, owner] of [
      [DAVES, DAVE],
      [ERINS, ERIN],
    ])
      fake.addGuild({
        id,
        name: `Server of ${owner}`,
        ownerId: owner,
        channels: [{ id: `${id.slice(0, -1)}9`, name: 'general' }],
        bots: ['key'],
      });
    fake.addGuild({
      id: FRANKS.id,
      name: "Frank's",
      ownerId: FRANK,
      channels: [{ id: FRANKS.welcome, name: 'welcome' }],
      bots: ['key'],
    });
    product = await startProductWithBots(fake);
    for (const id of [GUILD, DAVES, ERINS, FRANKS.id])
      await eventually(async () => (await api(product.url, 'GET', `/api/server/${id}`)).status === 200, 10_000, id);
    alice = await panelUser(product, 'alice');
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('/link by a Manage Server member links the account and proves the server: add-server succeeds', async () => {
    const reply = await runLink(fake, MOD, await linkCode(product, alice.token));
    expect(reply).to.equal(
      '✅ Your Discord account is now linked to the panel user **alice**, and you manage **Fake Server**: add it in the panel.',
    );
    const added = await addServer(alice, GUILD);
    expect(added.status, JSON.stringify(added.body)).to.equal(200);
    expect(added.body).to.include({ message: serverTexts.serverAdded });
    expect(added.body.unverified).to.deep.equal([]);
    const discord = await discordOf(alice);
    expect(discord.account).to.deep.equal({ id: MOD, username: 'mod', avatar: null });
    expect(discord.managedServers).to.deep.equal([
      {
        id: GUILD,
        name: 'Fake Server',
        icon: null,
        via: 'link-command',
        botInServer: true,
        inviteUrl: discord.managedServers[0].inviteUrl,
        claim: 'yours',
      },
    ]);
  });

  it('/link by a plain member is refused with nothing appended; their user gets 403 on add-server', async () => {
    const bob = await panelUser(product, 'bob');
    const code = await linkCode(product, bob.token);
    const before = await head();
    expect(await runLink(fake, PLAIN, code)).to.equal(`❌ ${discordTexts.notManager}`);
    expect(await head()).to.equal(before);
    const refused = await addServer(bob, GUILD);
    expect(refused.status).to.equal(403);
    // Sign in with Discord is not set up here: the refusal names /link only
    expect(refused.body.error).to.equal(discordTexts.proveManagementByCode);
    expect(await head()).to.equal(before);
    // the code was not spent: a manager can still use it
    expect(await runLink(fake, OTHER_MOD, code)).to.match(/^✅ .*\*\*bob\*\*/);
  });

  it('answers unknown, expired, used and other people’s codes in their own words, appending nothing', async () => {
    const carol = await panelUser(product, 'carol');
    const expired = 'ZZZZ-YYYY-XXXX-WWWW';
    await appendEvents(product.dataDir, `link-code-${digestOf(expired)}`, [
      {
        type: 'LinkCodeIssued',
        data: {
          codeDigest: digestOf(expired),
          userId: carol.userId,
          issuedAt: new Date(Date.now() - 20 * 60_000).toISOString(),
          expiresAt: new Date(Date.now() - 10 * 60_000).toISOString(),
        },
      },
    ]);
    const used = await linkCode(product, alice.token);
    expect(await runLink(fake, MOD, used)).to.match(/^✅ \*\*Fake Server\*\* is now one of the servers/);
    const alicesNewCode = await linkCode(product, alice.token);
    const carolsCode = await linkCode(product, carol.token);
    const before = await head();
    const cases: [string, string | undefined, string][] = [
      [PLAIN, 'AAAA-BBBB-CCCC-DDDD', `❌ ${discordTexts.unknownCode}`],
      [DAVE, expired, `❌ ${discordTexts.expiredCode}`],
      [MOD, used, `❌ ${discordTexts.usedCode}`],
      // alice's panel user is linked to MOD: her code does not link another account
      [DAVE, alicesNewCode, `❌ ${discordTexts.otherUsersCode}`],
      // MOD is alice's: carol's code does not take the account over
      [MOD, carolsCode, `❌ ${discordTexts.accountTaken}`],
      [MOD, 'not a code', `❌ ${discordTexts.codeFormat}.`],
      [PLAIN, undefined, linkTextsNotLinked],
    ];
    for (const [member, code, text] of cases)
      expect(await runLink(fake, member, code), `${member} ${code}`).to.equal(text);
    expect(await head()).to.equal(before);
  });

  it('/link without a code proves another server for an account linked before', async () => {
    fake.addMember(fake.guild(DAVES), MOD, 'mod', []);
    expect(await runLink(fake, MOD, undefined, DAVES, `${DAVES.slice(0, -1)}9`)).to.equal(
      `❌ ${discordTexts.notManager}`,
    );
    const erins = fake.guild(ERINS);
    fake.addRole(erins, {
      id: '200000000000000490',
      name: 'Admins',
      position: 3,
      permissions: PermissionFlagsBits.Administrator,
    });
    fake.addMember(erins, MOD, 'mod', ['200000000000000490']);
    expect(await runLink(fake, MOD, undefined, ERINS, `${ERINS.slice(0, -1)}9`)).to.equal(
      '✅ **Server of 330000000000000005** is now one of the servers panel user **alice** manages: add it in the panel.',
    );
    expect((await discordOf(alice)).managedServers.map((server) => [server.id, server.via])).to.deep.equal([
      [GUILD, 'link-command'],
      [ERINS, 'link-command'],
    ]);
  });

  it('reads a member’s roles when the panel asks, and records the proof it finds (bot-roles)', async () => {
    const dave = await panelUser(product, 'dave');
    expect(await runLink(fake, DAVE, await linkCode(product, dave.token), DAVES, `${DAVES.slice(0, -1)}9`)).to.match(
      /^✅/,
    );
    const unlinked = await panelUser(product, 'unlinked');
    const notLinked = await api(product.url, 'POST', `/api/user/servers/${GUILD}/verify`, { token: unlinked.token });
    expect([notLinked.status, notLinked.body.error]).to.deep.equal([409, discordTexts.notLinked]);
    const absent = await api(product.url, 'POST', '/api/user/servers/200000000000000999/verify', { token: dave.token });
    expect([absent.status, absent.body.error]).to.deep.equal([409, discordTexts.botNotInServer]);

    const asked = await api(product.url, 'POST', `/api/user/servers/${GUILD}/verify`, { token: dave.token });
    expect(asked.status, JSON.stringify(asked.body)).to.equal(202);
    await fake.waitForCall((call) => call.method === 'GET' && call.path === `/guilds/${GUILD}/members/${DAVE}`);
    await eventually(async () => (await discordOf(dave)).checks[0]?.status === 'proven', 10_000, 'the check answered');
    expect((await discordOf(dave)).managedServers.find((server) => server.id === GUILD)).to.include({
      via: 'bot-roles',
      // alice holds it, verified: dave may not take it over
      claim: 'taken',
    });

    // a member without Manage Server: the check says so, and no proof is recorded
    const erin = await panelUser(product, 'erin');
    expect(await runLink(fake, ERIN, await linkCode(product, erin.token), ERINS, `${ERINS.slice(0, -1)}9`)).to.match(
      /^✅/,
    );
    await api(product.url, 'POST', `/api/user/servers/${GUILD}/verify`, { token: erin.token });
    await eventually(async () => (await discordOf(erin)).checks[0]?.status === 'refused', 10_000, 'the refusal');
    expect((await discordOf(erin)).managedServers.map((server) => server.id)).to.deep.equal([ERINS]);
    expect((await addServer(erin, GUILD)).status).to.equal(403);
  });

  it('ignores an unverified owner’s greeting, and greets once the owner proved they manage the server', async () => {
    // a claim made before proof existed: it stays with its holder, unverified
    const frank = await panelUser(product, 'frank');
    const at = new Date().toISOString();
    await appendEvents(product.dataDir, `server-owner-${FRANKS.id}`, [
      { type: 'ServerClaimed', data: { guildId: FRANKS.id, userId: frank.userId, claimedAt: at, discordUserId: null } },
    ]);
    await appendEvents(product.dataDir, `user-servers-${frank.userId}`, [
      { type: 'SubscriberServerAdded', data: { userId: frank.userId, guildId: FRANKS.id, addedAt: at } },
    ]);
    await eventually(
      async () =>
        (await api(product.url, 'GET', '/api/user/servers', { token: frank.token })).body.unverified?.[0] === FRANKS.id,
      5_000,
      'the unverified claim',
    );
    const saved = await api(product.url, 'POST', `/api/greetings/settings/${FRANKS.id}`, {
      token: frank.token,
      body: { enabled: true, channelId: FRANKS.welcome, delay: 1, message: 'Hello {user}!' },
    });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    const greetingsIn = () => fake.callsTo('POST', `/channels/${FRANKS.welcome}/messages`);

    fake.memberJoins(FRANKS.id, NEWCOMER, 'newcomer');
    await sleep(2_500);
    expect(greetingsIn()).to.have.length(0);

    const reply = await runLink(fake, FRANK, await linkCode(product, frank.token), FRANKS.id, FRANKS.welcome);
    expect(reply).to.match(/Your claim on this server is verified now/);
    expect((await api(product.url, 'GET', '/api/user/servers', { token: frank.token })).body.unverified).to.deep.equal(
      [],
    );
    fake.memberJoins(FRANKS.id, LATECOMER, 'latecomer');
    const greeting = await fake.waitForCall(
      (call) => call.path === `/channels/${FRANKS.welcome}/messages`,
      5_000,
      'the greeting',
    );
    expect(greeting.body.content).to.equal(`Hello <@${LATECOMER}>!`);
  });

  it('shows each proof in the audit trail, by server and by person', async () => {
    const admin = await login(product.url, ADMIN.username, ADMIN.password);
    const { body } = await api(
      product.url,
      'GET',
      `/api/admin/audit?guildId=${GUILD}&type=ServerManagementProven&userId=${alice.userId}`,
      { token: admin },
    );
    expect(body.events.length).to.be.at.least(1);
    expect(body.events[0].data).to.include({
      userId: alice.userId,
      discordUserId: MOD,
      guildId: GUILD,
      via: 'link-command',
    });
  });
});

const linkTextsNotLinked =
  '❌ Your Discord account is not linked to a panel user yet. In the panel, open Servers → Link with /link, then run `/link code:<code>` here.';

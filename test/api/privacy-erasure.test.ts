import fs from 'node:fs';
import path from 'node:path';
import {
  type DeleteUserResponse,
  type EraseMemberResponse,
  erasedPerson,
  type PersonalDataExport,
  privacyTexts,
} from '@vip/contracts';
import { embeddedFiles, SqliteSnapshotStore } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import { expect } from 'chai';
import type { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { generateKey, redeem } from '../../bots/test/support/journeys.ts';
import { panelUser } from '../../bots/test/support/verified-owner.ts';
import { GUILD, OWNER, startFakeDiscord, startProductWithBots } from '../../bots/test/support/world.ts';
import { ADMIN, removeDataDir, type SpawnedProduct } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { api, login } from '../support/http.ts';
import { readModelSnapshot } from '../support/read-models.ts';
import { allEvents, appendEvents, eventually, withEventStore } from '../support/seed.ts';

const OTHER_GUILD = '200000000000000002';
const OTHER_GUILD_CHANNEL = '200000000000000021';
/** Ids and names no other test writes, so a byte of them in a file can only be theirs. */
const MEMBER = '813572468024681357';
const MEMBER_NAME = 'wanda.erasable.member';
const OTHER = '824681357913579246';
/** A panel user who deletes their account, and the Discord account linked to it. */
const PANEL_USER = 'pia.deletable.user';
const PANEL_PASSWORD = `${PANEL_USER}-password-1`;
const LINKED = '846913579135791468';
const LINKED_NAME = 'pia.linked.discord';
/**
 * The bots save their snapshot only at stop and on an erasure here: a snapshot taken on time
 * (BOT_SNAPSHOT_SECONDS) would hide a saved copy that still holds an erased person.
 */
const env = { AUDIT_SEAL_EVERY: '5', BOT_SNAPSHOT_EVENTS: '1000000', BOT_SNAPSHOT_SECONDS: '86400' };

/** Every file under `dir`, and whether its raw bytes hold `text` (as UTF-8) anywhere. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(needle));
}

describe('erasure of a Discord member and deletion of a panel user on request (API, key bot, files)', function () {
  this.timeout(180_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;
  let adminToken: string;
  let panel: { userId: string; token: string };

  const erase = (discordUserId: string, token = adminToken) =>
    api<EraseMemberResponse>(product.url, 'POST', `/api/admin/privacy/members/${discordUserId}/erase`, { token });
  const whitelist = async (userId: string, guildId: string[]) => {
    const added = await api(product.url, 'POST', '/api/admin/whitelist', {
      token: adminToken,
      body: { userId, guildId, duration: 'lifetime' },
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
  };
  const exportOf = (discordUserId: string, token = adminToken) =>
    api<PersonalDataExport>(product.url, 'GET', `/api/admin/privacy/members/${discordUserId}/export`, { token });
  const hasVipRole = (discordUserId: string, guildId = GUILD) => {
    const role = [...fake.guild(guildId).roles.values()].find((candidate) => candidate.name === 'VIP');
    return role !== undefined && (fake.guild(guildId).members.get(discordUserId)?.roles.includes(role.id) ?? false);
  };
  /** The position the key bot's saved snapshot covers, read from its file. */
  const keyBotSnapshotCovers = async () => {
    const snapshots = new SqliteSnapshotStore(embeddedFiles(product.dataDir).snapshots);
    try {
      return (await snapshots.load('key-bot'))?.covers ?? null;
    } finally {
      await snapshots.close();
    }
  };

  before(async () => {
    fake = await startFakeDiscord();
    fake.addGuild({
      id: OTHER_GUILD,
      name: 'Other Server',
      ownerId: OWNER,
      channels: [{ id: OTHER_GUILD_CHANNEL, name: 'verify' }],
      bots: ['key'],
    });
    fake.addMember(fake.guild(GUILD), MEMBER, MEMBER_NAME);
    fake.addMember(fake.guild(GUILD), OTHER, 'other.member');
    fake.addMember(fake.guild(OTHER_GUILD), LINKED, LINKED_NAME);
    fake.addMember(fake.guild(OTHER_GUILD), MEMBER, MEMBER_NAME);
    product = await startProductWithBots(fake, { env });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    for (const guildId of [GUILD, OTHER_GUILD])
      await eventually(
        async () => (await api(product.url, 'GET', `/api/server/${guildId}`)).status === 200,
        10_000,
        'the server reported by the key bot',
      );
    for (const member of [MEMBER, OTHER])
      expect((await redeem(fake, member, await generateKey(product))).data.content).to.match(/Key accepted/);
    // in another server than the member's: the audit trail tells two erased persons of one server apart only by their keys' timing
    const linkedKey = await generateKey(product, OTHER_GUILD);
    expect((await redeem(fake, LINKED, linkedKey, OTHER_GUILD, OTHER_GUILD_CHANNEL)).data.content).to.match(
      /Key accepted/,
    );
    await whitelist(MEMBER, [GUILD, OTHER_GUILD]);
    await whitelist(OTHER, [GUILD]);
    // the member linked their Discord account to a panel user: their name and avatar are in the log
    await appendEvents(product.dataDir, 'discord-link-privacy-test-user', [
      {
        type: 'DiscordAccountLinked',
        data: {
          userId: 'privacy-test-user',
          discordUserId: MEMBER,
          username: MEMBER_NAME,
          avatar: 'a1b2c3d4e5f6',
          via: 'oauth',
          linkedAt: new Date().toISOString(),
        },
      },
    ]);
    // a panel user with a Discord account of their own linked, which holds a VIP window
    const created = await panelUser(product, PANEL_USER);
    panel = { userId: created.userId, token: created.token };
    await appendEvents(product.dataDir, `discord-link-${panel.userId}`, [
      {
        type: 'DiscordAccountLinked',
        data: {
          userId: panel.userId,
          discordUserId: LINKED,
          username: LINKED_NAME,
          avatar: null,
          via: 'oauth',
          linkedAt: new Date().toISOString(),
        },
      },
    ]);
    await eventually(
      async () =>
        [MEMBER, OTHER].every((member) => hasVipRole(member)) &&
        [MEMBER, LINKED].every((member) => hasVipRole(member, OTHER_GUILD)),
      15_000,
      'the key bot gave the VIP roles',
    );
    // a restart: the key bot's saved snapshot now holds the members' VIP windows and entries
    await product.stop();
    product = await startProductWithBots(fake, { dataDir: product.dataDir, env });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    panel.token = await login(product.url, PANEL_USER, PANEL_PASSWORD);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('keeps the member out of the log in clear from the start: only the read models hold them', async () => {
    await eventually(
      async () => filesHolding(product.dataDir, MEMBER_NAME).length > 0,
      10_000,
      'the linked account projected',
    );
    const holding = filesHolding(product.dataDir, MEMBER).map((file) => path.basename(file));
    expect(holding).to.not.include('events.sqlite');
    expect(holding.some((file) => file.startsWith('read-models.sqlite'))).to.equal(true);
    expect(holding, "the key bot's saved snapshot").to.include('snapshots.sqlite');
    for (const name of [PANEL_USER, LINKED_NAME])
      expect(filesHolding(product.dataDir, name).map((file) => path.basename(file))).to.not.include('events.sqlite');
  });

  it('is for admins only, and names a member by their Discord id', async () => {
    expect((await erase(MEMBER, '')).status).to.equal(401);
    const refused = await erase('not-an-id');
    expect(refused.status).to.equal(400);
    expect(JSON.stringify(refused.body)).to.include(privacyTexts.badMemberId);
  });

  it("exports the member's facts with times and sentences, and nothing about anyone else", async () => {
    expect((await exportOf(MEMBER, '')).status).to.equal(401);
    await eventually(
      async () => (await exportOf(MEMBER)).body.facts.some((fact) => fact.type === 'DiscordAccountLinked'),
      10_000,
      'the linked account in the audit trail',
    );
    const copy = await exportOf(MEMBER);
    expect(copy.status).to.equal(200);
    expect(copy.body.person).to.deep.equal({ kind: 'discord-member', discordUserId: MEMBER });
    expect(copy.body.current.vipWindows.map((window) => window.guildId)).to.deep.equal([GUILD]);
    expect(copy.body.current.whitelistEntries.map((entry) => entry.guildId).sort()).to.deep.equal(
      [GUILD, OTHER_GUILD].sort(),
    );
    expect(copy.body.facts.map((fact) => fact.type)).to.include.members([
      'DiscordAccountLinked',
      'KeyRedeemed',
      'VipRoleGranted',
      'WhitelistEntryAdded',
      'WhitelistEntryAdded',
    ]);
    for (const fact of copy.body.facts) {
      expect(Date.parse(fact.time)).to.be.a('number').and.not.NaN;
      expect(fact.sentence).to.be.a('string').and.not.equal('');
    }
    expect(copy.body.facts.find((fact) => fact.type === 'DiscordAccountLinked')!.data).to.include({
      username: MEMBER_NAME,
      userId: 'someone else',
    });
    const text = JSON.stringify(copy.body);
    expect(text).to.not.include(OTHER);
    expect(text).to.not.include('privacy-test-user');
    expect(text).to.not.include(ADMIN.username);
  });

  it('ends the windows and entries, waits for the key bot to take the roles back, then erases', async () => {
    const answer = await erase(MEMBER);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body).to.deep.equal({
      success: true,
      erased: true,
      message: privacyTexts.memberErased,
      vipWindowsEnded: 1,
      whitelistEntriesEnded: 2,
    });

    const events = await allEvents(product.dataDir);
    const erasure = events.filter((event) => event.type === 'PersonErased');
    expect(erasure).to.have.length(1);
    expect(JSON.stringify(erasure[0])).to.not.include(MEMBER);
    // every fact about the member reads "erased person"; the other member's stay as they were
    const granted = events.filter((event) => event.type === 'VipRoleGranted').map((event) => event.data);
    expect(granted.map((data) => (data as { discordUserId: string }).discordUserId).sort()).to.deep.equal(
      [OTHER, LINKED, erasedPerson].sort(),
    );
    const whitelisted = await api(product.url, 'GET', '/api/admin/whitelist', { token: adminToken });
    expect(whitelisted.body.whitelists.map((entry: { userId: string }) => entry.userId)).to.deep.equal([OTHER]);
    expect(hasVipRole(MEMBER), 'the VIP role taken back').to.equal(false);
    expect(hasVipRole(MEMBER, OTHER_GUILD), 'the VIP role taken back').to.equal(false);
    expect(hasVipRole(OTHER)).to.equal(true);
  });

  it('answers that nothing is left when asked again', async () => {
    const again = await erase(MEMBER);
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.include({ erased: false, message: privacyTexts.nothingLeft });
    expect((await allEvents(product.dataDir)).filter((event) => event.type === 'PersonErased')).to.have.length(1);
    const copy = await exportOf(MEMBER);
    expect(copy.body.facts).to.deep.equal([]);
    expect(copy.body.current).to.deep.equal({ vipWindows: [], whitelistEntries: [] });
  });

  it('deletes a panel user who asks, erasing their linked Discord account after the key bot took its role back', async () => {
    const deleted = await api<DeleteUserResponse>(product.url, 'DELETE', '/api/user/me', {
      token: panel.token,
      body: { password: PANEL_PASSWORD },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).to.equal(200);
    expect(deleted.body.member).to.include({ erased: true, vipWindowsEnded: 1 });
    expect(hasVipRole(LINKED, OTHER_GUILD), 'the VIP role taken back').to.equal(false);
    const signIn = await api(product.url, 'POST', '/api/auth/login', {
      body: { username: PANEL_USER, password: PANEL_PASSWORD },
    });
    expect(signIn.status).to.equal(401);
  });

  it('leaves no byte of their ids or names in any file of DATA_DIR, running and stopped, and the sealed log still verifies', async () => {
    const erased = [MEMBER, MEMBER_NAME, PANEL_USER, LINKED, LINKED_NAME];
    // the key bot saves its snapshot as soon as it reads an erasure, not at its next snapshot (a day here)
    const erasures = (await allEvents(product.dataDir)).filter((event) => event.type === 'PersonErased');
    expect(erasures).to.have.length(2);
    await eventually(
      async () => ((await keyBotSnapshotCovers()) ?? -1) >= erasures[1].position,
      15_000,
      "the key bot's snapshot saved after the erasures",
    );
    for (const text of erased) expect(filesHolding(product.dataDir, text), `running: ${text}`).to.deep.equal([]);
    await product.stop();
    for (const text of erased) expect(filesHolding(product.dataDir, text), text).to.deep.equal([]);
    // the scan finds what is there: the other member is still known
    expect(filesHolding(product.dataDir, OTHER)).to.not.deep.equal([]);
    // The panel user's id stays in the log (its sessions, plan, servers and billing facts name
    // it): a random id the product made, which, their name and Discord account unreadable, ties
    // those facts to nobody (docs/privacy.md). Their key, the one thing that read them, is gone.
    expect(filesHolding(product.dataDir, panel.userId).map((file) => path.basename(file))).to.not.include(
      'personal-keys.sqlite',
    );

    // what the erasure did to the read models is what a rebuild from the log now makes
    const live = new SqliteReadStore(embeddedFiles(product.dataDir).readModels);
    const scratch = new SqliteReadStore(':memory:');
    try {
      await withEventStore(product.dataDir, (eventStore) => rebuildReadModels(eventStore, scratch, allProjectors));
      // the seal the sealer writes as the product stops comes after its projections stopped
      const unsealed = async (store: SqliteReadStore, collection: string) =>
        (await readModelSnapshot(store, collection)).filter((doc) => (doc as { type?: string }).type !== 'LogSealed');
      for (const projector of allProjectors)
        for (const collection of projector.collections)
          expect(await unsealed(scratch, collection), collection).to.deep.equal(await unsealed(live, collection));
    } finally {
      await Promise.all([live.close(), scratch.close()]);
    }

    const verified = await runCli('projections/src/cli/audit.ts', ['verify'], { DATA_DIR: product.dataDir });
    expect(verified.stdout).to.include('RESULT: every seal matches.');
    expect(verified.code, verified.stdout + verified.stderr).to.equal(0);
  });
});

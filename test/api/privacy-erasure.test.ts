import fs from 'node:fs';
import path from 'node:path';
import {
  type EraseMemberResponse,
  erasedPerson,
  type PersonalDataExport,
  personalStreams,
  privacyTexts,
} from '@vip/contracts';
import { embeddedFiles } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { api, login } from '../support/http.ts';
import { readModelSnapshot } from '../support/read-models.ts';
import { allEvents, appendEvents, eventually, seedGuild, streamEvents, withEventStore } from '../support/seed.ts';

const GUILD = '610000000000000001';
const OTHER_GUILD = '610000000000000002';
/** Ids and a name no other test writes, so a byte of them in a file can only be theirs. */
const MEMBER = '813572468024681357';
const MEMBER_NAME = 'wanda.erasable.member';
const OTHER = '824681357913579246';

/** Every file under `dir`, and whether its raw bytes hold `text` (as UTF-8) anywhere. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(needle));
}

describe('erasure of a Discord member on request (API, files)', function () {
  this.timeout(120_000);
  let product: SpawnedProduct;
  let adminToken: string;

  const erase = (discordUserId: string, token = adminToken) =>
    api<EraseMemberResponse>(product.url, 'POST', `/api/admin/privacy/members/${discordUserId}/erase`, { token });
  const redeem = async (discordUserId: string, guildId = GUILD) => {
    const generated = await api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId } });
    expect(generated.status, JSON.stringify(generated.body)).to.equal(200);
    const redeemed = await api(product.url, 'POST', '/api/bot/keys/redeem', {
      body: { guildId, discordUserId, key: generated.body.key },
      token: BOT_TOKEN,
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).to.equal(200);
  };
  const whitelist = async (userId: string, guildId: string[]) => {
    const added = await api(product.url, 'POST', '/api/admin/whitelist', {
      token: adminToken,
      body: { userId, guildId, duration: 'lifetime' },
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
  };
  const exportOf = (discordUserId: string, token = adminToken) =>
    api<PersonalDataExport>(product.url, 'GET', `/api/admin/privacy/members/${discordUserId}/export`, { token });
  /** What the key bot does when an erasure ends a window or an entry: takes the role back, and says so. */
  const actAsKeyBot = async () => {
    await eventually(
      async () =>
        (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, MEMBER))).some(
          (event) => event.type === 'VipWindowEnded',
        ),
      20_000,
      'the VIP window ended',
    );
    const ended = (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, MEMBER))).find(
      (event) => event.type === 'VipWindowEnded',
    )!;
    const until = (ended.data as { endedAt: string }).endedAt;
    const removed = await api(product.url, 'POST', '/api/bot/vip/removed', {
      body: { guildId: GUILD, discordUserId: MEMBER, until },
      token: BOT_TOKEN,
    });
    expect(removed.body).to.include({ removed: true });
    for (const guildId of [GUILD, OTHER_GUILD]) {
      await eventually(
        async () =>
          (await streamEvents(product.dataDir, personalStreams.whitelist(guildId, MEMBER))).some(
            (event) => event.type === 'WhitelistEntryRemoved',
          ),
        20_000,
        'the whitelist entry removed',
      );
      const settled = await api(product.url, 'POST', '/api/bot/whitelist/removed', {
        body: { userId: MEMBER, guildId },
        token: BOT_TOKEN,
      });
      expect(settled.body).to.deep.equal({ success: true, settled: true });
    }
  };

  before(async () => {
    product = await startAllInOne({ env: { AUDIT_SEAL_EVERY: '5' } });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    await seedGuild(product.dataDir, GUILD);
    await seedGuild(product.dataDir, OTHER_GUILD);
    await redeem(MEMBER);
    await redeem(OTHER);
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
  });
  after(async () => {
    await product?.stop();
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
    expect(copy.body.facts.map((fact) => fact.type).sort()).to.deep.equal(
      ['DiscordAccountLinked', 'KeyRedeemed', 'VipRoleGranted', 'WhitelistEntryAdded', 'WhitelistEntryAdded'].sort(),
    );
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
    const [answer] = await Promise.all([erase(MEMBER), actAsKeyBot()]);
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
      [OTHER, erasedPerson].sort(),
    );
    const whitelisted = await api(product.url, 'GET', '/api/admin/whitelist', { token: adminToken });
    expect(whitelisted.body.whitelists.map((entry: { userId: string }) => entry.userId)).to.deep.equal([OTHER]);
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

  it('leaves no byte of their id or name in any file of DATA_DIR, running and stopped, and the sealed log still verifies', async () => {
    expect(filesHolding(product.dataDir, MEMBER), 'running').to.deep.equal([]);
    expect(filesHolding(product.dataDir, MEMBER_NAME), 'running').to.deep.equal([]);
    await product.stop();
    expect(filesHolding(product.dataDir, MEMBER)).to.deep.equal([]);
    expect(filesHolding(product.dataDir, MEMBER_NAME)).to.deep.equal([]);
    // the scan finds what is there: the other member is still known
    expect(filesHolding(product.dataDir, OTHER)).to.not.deep.equal([]);

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

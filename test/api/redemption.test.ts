import { errorTexts, keyErrorCodes, keyTexts, personalStreams, type RedeemKeyResponse } from '@vip/contracts';
import { digestOf, randomCode } from '@vip/platform';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, healthDetails, login } from '../support/http.ts';
import { appendEvents, seedGuild, seedKey, streamEvents } from '../support/seed.ts';

const GUILD = '200000000000000001';
const OTHER_GUILD = '200000000000000002';
const VIP_MINUTES = 60;
let members = 0;
/** A fresh Discord user id per call, so windows of different tests never meet. */
const newMember = () => String(300000000000000000n + BigInt(++members));

describe('key redemption by the key bot (API)', function () {
  this.timeout(30_000);
  let product: SpawnedProduct;

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const generateKey = async (guildId = GUILD): Promise<string> => {
    const response = await api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId } });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.key;
  };
  /** `token: ''` sends no Authorization header at all. */
  const redeem = (body: unknown, token = BOT_TOKEN) =>
    api<RedeemKeyResponse>(product.url, 'POST', '/api/bot/keys/redeem', { body, token });
  const removed = (body: unknown, token = BOT_TOKEN) =>
    api(product.url, 'POST', '/api/bot/vip/removed', { body, token });

  before(async () => {
    product = await startAllInOne();
    await seedGuild(product.dataDir, GUILD);
    await seedGuild(product.dataDir, OTHER_GUILD);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('redeems a key: opens a VIP window of 60 minutes from now', async () => {
    const key = await generateKey();
    const discordUserId = newMember();
    const before = Date.now();
    const response = await redeem({ guildId: GUILD, discordUserId, key });
    expect(response.status).to.equal(200);
    expect(response.body).to.have.all.keys('success', 'guildId', 'discordUserId', 'until', 'extended', 'capped');
    expect(response.body).to.include({ success: true, guildId: GUILD, discordUserId, extended: false, capped: false });
    expect(new Date(response.body.until).getTime()).to.be.within(
      before + VIP_MINUTES * 60_000,
      Date.now() + VIP_MINUTES * 60_000,
    );

    const keyStream = await streamEvents(product.dataDir, `key-${digestOf(key)}`);
    expect(keyStream.map((e) => e.type)).to.deep.equal(['KeyGenerated', 'KeyRedeemed']);
    expect(keyStream[1].metadata.actor).to.deep.equal({ kind: 'bot', id: 'key-bot' });
    const window = await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, discordUserId));
    expect(window.map((e) => e.type)).to.deep.equal(['VipRoleGranted']);
  });

  it('finds a key pasted in lower case, without dashes, with spaces around', async () => {
    const key = await generateKey();
    const response = await redeem({
      guildId: GUILD,
      discordUserId: newMember(),
      key: ` ${key.toLowerCase().replace(/-/g, '')} `,
    });
    expect(response.status).to.equal(200);
  });

  it('a second key adds 60 minutes to the window’s end (issue #21 item 2)', async () => {
    const discordUserId = newMember();
    const [first, second] = [await generateKey(), await generateKey()];
    const opened = await redeem({ guildId: GUILD, discordUserId, key: first });
    expect(opened.status).to.equal(200);
    const extended = await redeem({ guildId: GUILD, discordUserId, key: second });
    expect(extended.status).to.equal(200);
    expect(extended.body).to.include({ extended: true, capped: false });
    expect(Date.parse(extended.body.until) - Date.parse(opened.body.until)).to.equal(VIP_MINUTES * 60_000);
  });

  it('extends no further than VIP_MAX_HOURS (24) from now, and says when the cap cut the window', async () => {
    const discordUserId = newMember();
    const answers: RedeemKeyResponse[] = [];
    let beforeLast = 0;
    for (let n = 1; n <= 25; n++) {
      beforeLast = Date.now();
      const response = await redeem({ guildId: GUILD, discordUserId, key: await generateKey() });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      answers.push(response.body);
    }
    // 24 keys of 60 minutes fit in 24 hours counted from the first; the 25th is cut at 24 hours from its own now
    expect(answers.slice(0, 24).map((answer) => answer.capped)).to.deep.equal(Array(24).fill(false));
    expect(answers[24].capped).to.equal(true);
    expect(Date.parse(answers[24].until)).to.be.within(beforeLast + 24 * 3_600_000, Date.now() + 24 * 3_600_000);
  });

  it('refuses an unknown key, writing nothing', async () => {
    const before = await head();
    for (const key of [randomCode(16), 'hello', 'x'.repeat(150)]) {
      const response = await redeem({ guildId: GUILD, discordUserId: newMember(), key });
      expect(response.status, key).to.equal(404);
      expect(response.body).to.deep.equal({ error: keyTexts.unknownKey, code: keyErrorCodes.unknownKey });
    }
    expect(await head()).to.equal(before);
  });

  it('refuses an expired key', async () => {
    const key = await seedKey(product.dataDir, GUILD, new Date(Date.now() - 60_000));
    const before = await head();
    const response = await redeem({ guildId: GUILD, discordUserId: newMember(), key });
    expect(response.status).to.equal(410);
    expect(response.body).to.deep.equal({ error: keyTexts.expiredKey, code: keyErrorCodes.expiredKey });
    expect(await head()).to.equal(before);
  });

  it('refuses a key used already to another member, writing nothing', async () => {
    const key = await generateKey();
    expect((await redeem({ guildId: GUILD, discordUserId: newMember(), key })).status).to.equal(200);
    const before = await head();
    const response = await redeem({ guildId: GUILD, discordUserId: newMember(), key });
    expect(response.status).to.equal(409);
    expect(response.body).to.deep.equal({ error: keyTexts.usedKey, code: keyErrorCodes.usedKey });
    expect(await head()).to.equal(before);
  });

  it('answers the same member redeeming the same key again as the first time (a retry whose answer was lost)', async () => {
    // issue #13 item 7: the bot's first call committed, its answer never arrived, the bot asks again
    const key = await generateKey();
    const discordUserId = newMember();
    const earlier = await redeem({ guildId: GUILD, discordUserId, key: await generateKey() });
    expect(earlier.status).to.equal(200);
    const first = await redeem({ guildId: GUILD, discordUserId, key });
    expect(first.status).to.equal(200);
    expect(first.body.extended).to.equal(true);
    const before = await head();
    for (const pasted of [key, key.toLowerCase()]) {
      const retry = await redeem({ guildId: GUILD, discordUserId, key: pasted });
      expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
      expect(retry.body).to.deep.equal(first.body);
    }
    // another member still finds it used, and nothing was written for any of it
    expect((await redeem({ guildId: GUILD, discordUserId: newMember(), key })).body).to.deep.equal({
      error: keyTexts.usedKey,
      code: keyErrorCodes.usedKey,
    });
    expect(await head()).to.equal(before);

    // once the window is over (the bot took the role away), the key has done its work
    expect((await removed({ guildId: GUILD, discordUserId })).status).to.equal(200);
    const afterRemoval = await redeem({ guildId: GUILD, discordUserId, key });
    expect(afterRemoval.status).to.equal(409);
    expect(afterRemoval.body).to.deep.equal({ error: keyTexts.usedKey, code: keyErrorCodes.usedKey });
  });

  it("grants the role owed when a crash came between the key's write and the role's, once, to that member only", async () => {
    // the log as a crash right after KeyRedeemed leaves it: the key redeemed, no window
    const key = await generateKey();
    const discordUserId = newMember();
    const keyDigest = digestOf(key);
    await appendEvents(product.dataDir, `key-${keyDigest}`, [
      { type: 'KeyRedeemed', data: { keyDigest, guildId: GUILD, discordUserId, redeemedAt: new Date().toISOString() } },
    ]);
    const someoneElse = await redeem({ guildId: GUILD, discordUserId: newMember(), key });
    expect(someoneElse.status).to.equal(409);

    const before = Date.now();
    const retry = await redeem({ guildId: GUILD, discordUserId, key });
    expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
    expect(retry.body).to.include({ success: true, guildId: GUILD, discordUserId, extended: false });
    expect(new Date(retry.body.until).getTime()).to.be.at.least(before + VIP_MINUTES * 60_000);
    expect((await streamEvents(product.dataDir, `key-${keyDigest}`)).map((e) => e.type)).to.deep.equal([
      'KeyGenerated',
      'KeyRedeemed',
    ]);
    expect(
      (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, discordUserId))).map((e) => e.type),
    ).to.deep.equal(['VipRoleGranted']);

    // asked once more, the member gets the same answer and nothing more is granted
    const again = await redeem({ guildId: GUILD, discordUserId, key });
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal(retry.body);
    expect(await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, discordUserId))).to.have.length(1);
  });

  it('refuses a key of another server', async () => {
    const key = await generateKey(OTHER_GUILD);
    const before = await head();
    const response = await redeem({ guildId: GUILD, discordUserId: newMember(), key });
    expect(response.status).to.equal(409);
    expect(response.body).to.deep.equal({ error: keyTexts.wrongServer, code: keyErrorCodes.wrongServer });
    expect(await head()).to.equal(before);
    // still good where it belongs
    expect((await redeem({ guildId: OTHER_GUILD, discordUserId: newMember(), key })).status).to.equal(200);
  });

  it('needs every field', async () => {
    const key = await generateKey();
    const full = { guildId: GUILD, discordUserId: newMember(), key };
    const before = await head();
    for (const body of [
      {},
      { ...full, key: undefined },
      { ...full, key: '  ' },
      { ...full, guildId: undefined },
      { ...full, discordUserId: '' },
    ]) {
      const response = await redeem(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body).to.deep.equal({ error: errorTexts.fillAllFields, code: 'validation' });
    }
    const notAnId = await redeem({ ...full, discordUserId: 'someone' });
    expect(notAnId.status).to.equal(400);
    expect(notAnId.body).to.deep.equal({ error: keyTexts.invalidDiscordId, code: 'validation' });
    expect(await head()).to.equal(before);
  });

  it('is for the key bot only', async () => {
    const key = await generateKey();
    const adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const before = await head();
    for (const token of ['', 'wrong-token', adminToken]) {
      for (const response of [
        await redeem({ guildId: GUILD, discordUserId: newMember(), key }, token),
        await removed({ guildId: GUILD, discordUserId: newMember() }, token),
      ]) {
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ error: errorTexts.botOnly, code: 'unauthorized' });
      }
    }
    expect(await head()).to.equal(before);
  });

  it('gives exactly one of 50 concurrent redemptions of one key the role', async () => {
    const key = await generateKey();
    const claimants = Array.from({ length: 50 }, () => newMember());
    const answers = await Promise.all(claimants.map((discordUserId) => redeem({ guildId: GUILD, discordUserId, key })));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).to.have.length(1);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser.status).to.equal(409);
      expect(loser.body).to.deep.equal({ error: keyTexts.usedKey, code: keyErrorCodes.usedKey });
    }
    const keyStream = await streamEvents(product.dataDir, `key-${digestOf(key)}`);
    expect(keyStream.filter((e) => e.type === 'KeyRedeemed')).to.have.length(1);
    let windows = 0;
    for (const discordUserId of claimants)
      windows += (await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, discordUserId))).length;
    expect(windows).to.equal(1);
  });

  describe('the bot took the role away', () => {
    it('records the removal once, and the next key opens a fresh window', async () => {
      const discordUserId = newMember();
      expect((await redeem({ guildId: GUILD, discordUserId, key: await generateKey() })).status).to.equal(200);

      const first = await removed({ guildId: GUILD, discordUserId });
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({
        success: true,
        guildId: GUILD,
        discordUserId,
        removed: true,
        openUntil: null,
      });
      const again = await removed({ guildId: GUILD, discordUserId });
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal({
        success: true,
        guildId: GUILD,
        discordUserId,
        removed: false,
        openUntil: null,
      });
      const window = await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, discordUserId));
      expect(window.map((e) => e.type)).to.deep.equal(['VipRoleGranted', 'VipRoleRemoved']);

      const reopened = await redeem({ guildId: GUILD, discordUserId, key: await generateKey() });
      expect(reopened.status).to.equal(200);
      expect(reopened.body.extended).to.equal(false);
    });

    it('answers a member who never had the role without writing anything', async () => {
      const before = await head();
      const discordUserId = newMember();
      const response = await removed({ guildId: GUILD, discordUserId });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({
        success: true,
        guildId: GUILD,
        discordUserId,
        removed: false,
        openUntil: null,
      });
      expect(await head()).to.equal(before);
    });

    it('keeps a window a key moved on while the bot took the role at its old end, and says until when', async () => {
      const discordUserId = newMember();
      const first = await redeem({ guildId: GUILD, discordUserId, key: await generateKey() });
      const second = await redeem({ guildId: GUILD, discordUserId, key: await generateKey() });
      expect(second.body.until > first.body.until).to.equal(true);

      // the bot's removal for the first key's end arrives after the second key
      const late = await removed({ guildId: GUILD, discordUserId, until: first.body.until });
      expect(late.body).to.deep.equal({
        success: true,
        guildId: GUILD,
        discordUserId,
        removed: false,
        openUntil: second.body.until,
      });
      const window = await streamEvents(product.dataDir, personalStreams.vipRole(GUILD, discordUserId));
      expect(window.map((e) => e.type)).to.deep.equal(['VipRoleGranted', 'VipRoleGranted']);

      const due = await removed({ guildId: GUILD, discordUserId, until: second.body.until });
      expect(due.body).to.deep.equal({ success: true, guildId: GUILD, discordUserId, removed: true, openUntil: null });
    });

    it('needs both ids', async () => {
      for (const body of [{}, { guildId: GUILD }, { discordUserId: newMember() }]) {
        const response = await removed(body);
        expect(response.status).to.equal(400);
        expect(response.body).to.deep.equal({ error: errorTexts.fillAllFields, code: 'validation' });
      }
    });
  });
});

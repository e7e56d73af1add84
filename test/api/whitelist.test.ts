import { errorTexts, personalStreams, whitelistTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, healthDetails, login } from '../support/http.ts';
import { streamEvents } from '../support/seed.ts';

const DAY = 24 * 3600_000;
const ann = '111111111111111111';
const bob = '222222222222222222';
const carl = '333333333333333333';
const dora = '444444444444444444';
const server = '900000000000000001';
const otherServer = '900000000000000002';

describe('the whitelist manager', function () {
  let product: SpawnedProduct;
  let adminToken: string;
  let subscriberToken: string;

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  // null: no token at all
  const add = (body: unknown, token: string | null = adminToken) =>
    api(product.url, 'POST', '/api/admin/whitelist', { token: token ?? undefined, body });
  const remove = (body: unknown, token: string | null = adminToken) =>
    api(product.url, 'POST', '/api/admin/blacklist', { token: token ?? undefined, body });
  const list = async () => {
    const response = await api(product.url, 'GET', '/api/admin/whitelist', { token: adminToken });
    expect(response.status).to.equal(200);
    return response.body.whitelists as Array<{
      userId: string;
      guildId: string;
      duration: string;
      expiresAt: string | null;
    }>;
  };

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const created = await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'subscriber', password: 'subscriber-pw-1', planName: 'Basic', days: 30, maxSlots: 1 },
    });
    expect(created.status).to.equal(201);
    subscriberToken = await login(product.url, 'subscriber', 'subscriber-pw-1');
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('starts empty', async () => {
    expect(await list()).to.deep.equal([]);
  });

  it('adds an entry, monthly by default, and lists it at once', async () => {
    const before = Date.now();
    const response = await add({ userId: ann, guildId: server });
    expect(response.status).to.equal(201);
    expect(response.body).to.include({ success: true, message: whitelistTexts.entryAdded });
    expect(response.body.entry).to.include({ userId: ann, guildId: server, duration: 'monthly' });
    expect(Date.parse(response.body.entry.expiresAt) - Date.parse(response.body.entry.addedAt)).to.equal(30 * DAY);
    expect(Date.parse(response.body.entry.addedAt)).to.be.at.least(before - 1000);
    expect(await list()).to.deep.equal([
      { userId: ann, guildId: server, duration: 'monthly', expiresAt: response.body.entry.expiresAt },
    ]);
  });

  it('lists the newest entry first, and a lifetime entry never expires', async () => {
    const weekly = await add({ userId: bob, guildId: server, duration: 'weekly' });
    expect(Date.parse(weekly.body.entry.expiresAt) - Date.parse(weekly.body.entry.addedAt)).to.equal(7 * DAY);
    const lifetime = await add({ userId: ann, guildId: otherServer, duration: 'lifetime' });
    expect(lifetime.status).to.equal(201);
    expect(lifetime.body.entry.expiresAt).to.equal(null);
    const entries = await list();
    expect(entries.map((e) => `${e.guildId}/${e.userId}`)).to.deep.equal([
      `${otherServer}/${ann}`,
      `${server}/${bob}`,
      `${server}/${ann}`,
    ]);
    expect(entries[0]).to.deep.equal({ userId: ann, guildId: otherServer, duration: 'lifetime', expiresAt: null });
  });

  it('renews an entry added again, with the new duration', async () => {
    const renewed = await add({ userId: ann, guildId: server, duration: 'yearly' });
    expect(renewed.status).to.equal(201);
    expect(Date.parse(renewed.body.entry.expiresAt) - Date.parse(renewed.body.entry.addedAt)).to.equal(365 * DAY);
    const entries = await list();
    expect(entries).to.have.length(3);
    expect(entries[0]).to.deep.equal({
      userId: ann,
      guildId: server,
      duration: 'yearly',
      expiresAt: renewed.body.entry.expiresAt,
    });
  });

  it('removes an entry, and a second removal is 404', async () => {
    const removed = await remove({ userId: bob, guildId: server });
    expect(removed.status).to.equal(200);
    expect(removed.body).to.deep.equal({ success: true, message: whitelistTexts.entryRemoved });
    expect((await list()).some((e) => e.userId === bob)).to.equal(false);
    const before = await head();
    const again = await remove({ userId: bob, guildId: server });
    expect(again.status).to.equal(404);
    expect(again.body.error).to.equal(whitelistTexts.entryNotFound);
    const never = await remove({ userId: bob, guildId: otherServer });
    expect(never.status).to.equal(404);
    expect(await head()).to.equal(before);
  });

  it('takes a number of days, and "none" for an entry that never ends', async () => {
    const days = await add({ userId: bob, guildId: otherServer, duration: 'days', days: '12' });
    expect(days.status).to.equal(201);
    expect(days.body.entry).to.include({ duration: 'days' });
    expect(Date.parse(days.body.entry.expiresAt) - Date.parse(days.body.entry.addedAt)).to.equal(12 * DAY);
    const none = await add({ userId: bob, guildId: otherServer, duration: 'none' });
    expect(none.body.entry).to.include({ duration: 'lifetime', expiresAt: null });
    expect(await remove({ userId: bob, guildId: otherServer })).to.have.property('status', 200);
  });

  it('whitelists one user on several servers at once: a list, or ids separated by commas or spaces', async () => {
    const [s1, s2, s3] = ['900000000000000011', '900000000000000012', '900000000000000013'];
    const listed = await add({ userId: carl, guildId: [s1, s2], duration: 'weekly' });
    expect(listed.status).to.equal(201);
    expect(listed.body.message).to.equal(whitelistTexts.entriesAdded(2));
    expect(listed.body.entries.map((entry: { guildId: string }) => entry.guildId)).to.deep.equal([s1, s2]);
    const typed = await add({ userId: carl, guildId: `${s2}, ${s3}\n${s3}` });
    expect(typed.body.entries.map((entry: { guildId: string }) => entry.guildId)).to.deep.equal([s2, s3]);
    expect(typed.body.entries.every((entry: { duration: string }) => entry.duration === 'monthly')).to.equal(true);
    const carls = (await list()).filter((entry) => entry.userId === carl);
    expect(carls.map((entry) => `${entry.guildId}:${entry.duration}`).sort()).to.deep.equal([
      `${s1}:weekly`,
      `${s2}:monthly`,
      `${s3}:monthly`,
    ]);
    for (const guildId of [s1, s2, s3]) expect((await remove({ userId: carl, guildId })).status).to.equal(200);
  });

  it("the key bot's report settles an ended entry once; a standing entry owes nothing", async () => {
    const settle = (body: unknown, token = BOT_TOKEN) =>
      api(product.url, 'POST', '/api/bot/whitelist/removed', { token, body });
    expect((await settle({ userId: ann, guildId: server })).body).to.deep.equal({ success: true, settled: false });
    await add({ userId: carl, guildId: server, duration: 'lifetime' });
    await remove({ userId: carl, guildId: server });
    expect((await settle({ userId: carl, guildId: server })).body).to.deep.equal({ success: true, settled: true });
    expect((await settle({ userId: carl, guildId: server })).body).to.deep.equal({ success: true, settled: false });
    const settled = (await streamEvents(product.dataDir, personalStreams.whitelist(server, carl))).filter(
      (event) => event.type === 'WhitelistRoleRemoved',
    );
    expect(settled).to.have.length(1);
    expect(settled[0].metadata.actor).to.deep.equal({ kind: 'bot', id: 'key-bot' });
    expect((await settle({ userId: carl, guildId: server }, adminToken)).status).to.equal(401);
  });

  it('admin statistics count whitelisted members, and premium users are those with a monthly entry', async () => {
    const stats = async () =>
      (await api(product.url, 'GET', '/api/admin/stats', { token: adminToken })).body.whitelist as {
        entries: number;
        users: number;
        premiumUsers: number;
      };
    const before = await stats();
    await add({ userId: dora, guildId: [server, otherServer], duration: 'monthly' });
    expect(await stats()).to.deep.equal({
      entries: before.entries + 2,
      users: before.users + 1,
      premiumUsers: before.premiumUsers + 1,
    });
    for (const guildId of [server, otherServer]) await remove({ userId: dora, guildId });
    expect(await stats()).to.deep.equal(before);
  });

  it('refuses bad input with the spec texts, and appends nothing', async () => {
    const before = await head();
    const cases: Array<[unknown, string]> = [
      [{}, errorTexts.fillAllFields],
      [{ userId: ann }, errorTexts.fillAllFields],
      [{ guildId: server }, errorTexts.fillAllFields],
      [{ userId: '  ', guildId: server }, errorTexts.fillAllFields],
      [{ userId: 'not-an-id', guildId: '' }, errorTexts.fillAllFields],
      [{ userId: 'not-an-id', guildId: server }, whitelistTexts.discordIds],
      [{ userId: ann, guildId: '12345' }, whitelistTexts.discordIds],
      [{ userId: 111_111_111_111_111, guildId: server }, whitelistTexts.discordIds],
      [{ userId: ann, guildId: server, duration: 'daily' }, whitelistTexts.invalidDuration],
      [{ userId: ann, guildId: server, duration: 'days' }, whitelistTexts.daysRange],
      [{ userId: ann, guildId: server, duration: 'days', days: 0 }, whitelistTexts.daysRange],
      [{ userId: ann, guildId: server, duration: 'days', days: 2.5 }, whitelistTexts.daysRange],
      [{ userId: ann, guildId: `${server}, 12345` }, whitelistTexts.discordIds],
      [{ userId: ann, guildId: [server, 'x'] }, whitelistTexts.discordIds],
      [{ userId: ann, guildId: [] }, errorTexts.fillAllFields],
      [[ann, server], errorTexts.bodyNotObject],
    ];
    for (const [body, text] of cases) {
      const response = await add(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.error, JSON.stringify(body)).to.equal(text);
    }
    const onlyIds = cases.filter(
      ([body]) => !(body as { duration?: string }).duration && !Array.isArray((body as { guildId?: unknown }).guildId),
    );
    for (const [body, text] of onlyIds.filter(
      ([body]) => !String((body as { guildId?: string }).guildId).includes(','),
    )) {
      const response = await remove(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.error, JSON.stringify(body)).to.equal(text);
    }
    expect((await add(undefined)).status).to.equal(400);
    expect(
      (await api(product.url, 'POST', '/api/admin/whitelist', { token: adminToken, rawBody: '{"userId":' })).status,
    ).to.equal(400);
    expect(await head()).to.equal(before);
  });

  it('403 for a non-admin and 401 without a token, and nothing appended', async () => {
    const before = await head();
    for (const token of [subscriberToken, null]) {
      const status = token ? 403 : 401;
      expect((await api(product.url, 'GET', '/api/admin/whitelist', { token: token ?? undefined })).status).to.equal(
        status,
      );
      const added = await add({ userId: bob, guildId: server }, token);
      expect(added.status).to.equal(status);
      const removed = await remove({ userId: ann, guildId: server }, token);
      expect(removed.status).to.equal(status);
      if (token) expect(removed.body.error).to.equal(errorTexts.forbidden);
    }
    expect(await head()).to.equal(before);
    expect(await list()).to.have.length(2);
  });
});

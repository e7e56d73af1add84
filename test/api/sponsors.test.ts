import { errorTexts, SPONSOR_URL_MAX, sponsorTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { proveManagement } from '../support/discord.ts';
import { api, healthDetails, login } from '../support/http.ts';
import { allEvents } from '../support/seed.ts';

const SITE_SPONSOR = 'https://site-sponsor.example/offer';
const ALICES = '400000000000000001';
const CAROLS = '400000000000000003';
const NOBODYS = '400000000000000009';

describe('sponsor step per server (decisions.md §3): the owner sets it, an admin clears it', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  let adminToken: string;
  const tokens: Record<string, string> = {};

  const sponsor = (method: string, serverId: string, token: string | undefined, body?: unknown) =>
    api(product.url, method, `/api/server/${serverId}/sponsor`, { token, body });
  const keyPageSponsor = async (serverId: string) =>
    (await api(product.url, 'GET', `/api/server/${serverId}`)).body.sponsorUrl as string | null;
  const sponsorEvents = async () =>
    (await allEvents(product.dataDir)).filter((event) => event.type.startsWith('ServerSponsor'));
  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;

  before(async () => {
    product = await startAllInOne({ env: { SPONSOR_URL: SITE_SPONSOR } });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    for (const name of ['alice', 'bob']) {
      const created = await runCli('src/cli/user.ts', ['create', name, '--password', `${name}-password-1`], {
        DATA_DIR: product.dataDir,
      });
      expect(created.code, created.stderr).to.equal(0);
      tokens[name] = await login(product.url, name, `${name}-password-1`);
    }
    // carol has a running paid plan: her server's key page is premium
    const carol = await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'carol', password: 'carol-password-1', planName: 'Business', days: 30 },
    });
    expect(carol.status, JSON.stringify(carol.body)).to.equal(201);
    tokens.carol = await login(product.url, 'carol', 'carol-password-1');
    for (const id of [ALICES, CAROLS, NOBODYS]) {
      const reported = await api(product.url, 'POST', `/api/bot/guilds/${id}`, {
        token: BOT_TOKEN,
        body: { name: `Server ${id.slice(-1)}`, icon: null, memberCount: 10, channels: [], missingPermissions: [] },
      });
      expect(reported.status).to.equal(200);
    }
    for (const [name, guildId] of [
      ['alice', ALICES],
      ['carol', CAROLS],
    ]) {
      await proveManagement(product.url, tokens[name], [guildId]);
      const added = await api(product.url, 'POST', '/api/user/add-server', { token: tokens[name], body: { guildId } });
      expect(added.status, JSON.stringify(added.body)).to.equal(200);
    }
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it("shows the site's sponsor on a free server's key page, none on a premium one", async () => {
    expect(await keyPageSponsor(ALICES)).to.equal(SITE_SPONSOR);
    expect(await keyPageSponsor(NOBODYS)).to.equal(SITE_SPONSOR);
    expect(await keyPageSponsor(CAROLS)).to.equal(null);
    const own = await sponsor('GET', ALICES, tokens.alice);
    expect(own.status).to.equal(200);
    expect(own.body).to.deep.equal({
      serverId: ALICES,
      sponsorUrl: null,
      siteSponsorUrl: SITE_SPONSOR,
      shownUrl: SITE_SPONSOR,
      premium: false,
    });
  });

  it("lets the owner set their server's own link, which the key page shows instead", async () => {
    const set = await sponsor('POST', ALICES, tokens.alice, { sponsorUrl: '  https://alice-sponsor.example/deal  ' });
    expect(set.status, JSON.stringify(set.body)).to.equal(200);
    expect(set.body).to.deep.equal({
      success: true,
      message: sponsorTexts.sponsorSet,
      serverId: ALICES,
      sponsorUrl: 'https://alice-sponsor.example/deal',
    });
    // read-your-writes: the key page says so at once
    expect(await keyPageSponsor(ALICES)).to.equal('https://alice-sponsor.example/deal');
    expect((await sponsor('GET', ALICES, tokens.alice)).body.shownUrl).to.equal('https://alice-sponsor.example/deal');
    const events = await sponsorEvents();
    expect(events.map((event) => event.type)).to.deep.equal(['ServerSponsorSet']);
    // the same link again changes nothing
    const before = await head();
    expect(
      (await sponsor('POST', ALICES, tokens.alice, { sponsorUrl: 'https://alice-sponsor.example/deal' })).status,
    ).to.equal(200);
    expect(await head()).to.equal(before);
  });

  it('never shows a premium server a sponsor step, even one its owner set', async () => {
    expect((await sponsor('POST', CAROLS, tokens.carol, { sponsorUrl: 'https://carol.example/' })).status).to.equal(
      200,
    );
    expect(await keyPageSponsor(CAROLS)).to.equal(null);
    expect((await sponsor('GET', CAROLS, tokens.carol)).body).to.deep.include({ premium: true, shownUrl: null });
  });

  it('refuses another subscriber (403) and anyone signed out (401), with nothing appended', async () => {
    const before = await head();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const body = method === 'POST' ? { sponsorUrl: 'https://bob.example/' } : undefined;
      const other = await sponsor(method, ALICES, tokens.bob, body);
      expect(other.status, method).to.equal(403);
      expect(other.body.error).to.equal(errorTexts.notYourServer);
      expect((await sponsor(method, ALICES, undefined, body)).status, method).to.equal(401);
    }
    expect(await head()).to.equal(before);
    expect(await keyPageSponsor(ALICES)).to.equal('https://alice-sponsor.example/deal');
  });

  it('refuses an address that is not a plain http(s) one (400), with nothing appended', async () => {
    const before = await head();
    for (const [sponsorUrl, text] of [
      ['javascript:alert(1)', sponsorTexts.badSponsorUrl],
      ['ftp://files.example/x', sponsorTexts.badSponsorUrl],
      ['data:text/html,hi', sponsorTexts.badSponsorUrl],
      ['sponsor.example', sponsorTexts.badSponsorUrl],
      ['https://user:pass@sponsor.example/', sponsorTexts.badSponsorUrl],
      ['', sponsorTexts.badSponsorUrl],
      [`https://sponsor.example/${'a'.repeat(SPONSOR_URL_MAX)}`, sponsorTexts.sponsorUrlLength],
      [42, sponsorTexts.badSponsorUrl],
    ] as const) {
      const response = await sponsor('POST', ALICES, tokens.alice, { sponsorUrl });
      expect(response.status, String(sponsorUrl)).to.equal(400);
      expect(response.body, String(sponsorUrl)).to.deep.equal({ error: text, code: 'validation' });
    }
    expect(await head()).to.equal(before);
  });

  it('lists every server with a link of its own for admins only', async () => {
    const listed = await api(product.url, 'GET', '/api/admin/sponsors', { token: adminToken });
    expect(listed.status).to.equal(200);
    expect(listed.body.sponsors.map((item: { serverId: string }) => item.serverId)).to.deep.equal([CAROLS, ALICES]);
    expect(listed.body.sponsors[1]).to.include({
      serverId: ALICES,
      serverName: 'Server 1',
      sponsorUrl: 'https://alice-sponsor.example/deal',
    });
    expect((await api(product.url, 'GET', '/api/admin/sponsors', { token: tokens.alice })).status).to.equal(403);
  });

  it('lets an admin clear a server’s link but not choose one', async () => {
    const chosen = await sponsor('POST', ALICES, adminToken, { sponsorUrl: 'https://admin.example/' });
    expect(chosen.status).to.equal(403);
    expect(chosen.body.error).to.equal(sponsorTexts.onlyOwnerSets);

    const cleared = await sponsor('DELETE', ALICES, adminToken);
    expect(cleared.status).to.equal(200);
    expect(cleared.body).to.deep.include({ success: true, sponsorUrl: null, message: sponsorTexts.sponsorCleared });
    expect(await keyPageSponsor(ALICES)).to.equal(SITE_SPONSOR);
    const last = (await sponsorEvents()).at(-1)!;
    expect(last.type).to.equal('ServerSponsorCleared');
    expect(last.data).to.include({ guildId: ALICES, byAdmin: true });
    // clearing what is not there changes nothing
    const before = await head();
    expect((await sponsor('DELETE', ALICES, tokens.alice)).status).to.equal(200);
    expect(await head()).to.equal(before);
  });
});

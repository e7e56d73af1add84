import { errorCodes, errorTexts, suspensionTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, BOT_TOKEN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { api, login } from '../support/http.ts';
import { allEvents, appendEvents, seedGuild, seedPremiumOwner } from '../support/seed.ts';

const SERVER = '940000000000000001';
const OTHER = '940000000000000002';
const MEMBER = '950000000000000001';
const restricted = { error: suspensionTexts.restricted, code: errorCodes.serverSuspended };

/** Spec §2 "403 Restricted", decisions.md §12: an admin suspends a server with a reason and lifts it. */
describe('suspending a server', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  let adminToken: string;
  let ownerToken: string;

  // null: no token at all
  const suspend = (body: unknown, token: string | null = adminToken, guildId = SERVER) =>
    api(product.url, 'POST', `/api/admin/servers/${guildId}/suspend`, { token: token ?? undefined, body });
  const lift = (token: string | null = adminToken, guildId = SERVER) =>
    api(product.url, 'POST', `/api/admin/servers/${guildId}/lift-suspension`, { token: token ?? undefined });
  const generateKey = (guildId = SERVER) => api(product.url, 'POST', '/api/keys/generateKey', { body: { guildId } });

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const created = await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'owner', password: 'owner-password-1', planName: 'Business', days: 30 },
    });
    ownerToken = await login(product.url, 'owner', 'owner-password-1');
    await seedGuild(product.dataDir, SERVER, 'Suspended soon');
    await seedGuild(product.dataDir, OTHER, 'Untouched');
    await seedPremiumOwner(product.dataDir, OTHER, 'someone-else');
    // the owner holds SERVER (claimed in the log as the panel would leave it)
    await appendEvents(product.dataDir, `server-owner-${SERVER}`, [
      {
        type: 'ServerClaimed',
        data: { guildId: SERVER, userId: created.body.id, claimedAt: new Date().toISOString(), discordUserId: null },
      },
    ]);
  });
  after(async () => {
    await product?.stop();
    if (product) removeDataDir(product.dataDir);
  });

  it('a key made before the suspension', async () => {
    expect((await generateKey()).status).to.equal(200);
  });

  it("an admin suspends it with a reason: visitors get 403 with the Restricted screen's words, keys are refused", async () => {
    const key = (await generateKey()).body.key as string;
    const response = await suspend({ reason: '  Spam links in #general  ' });
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({
      success: true,
      message: suspensionTexts.suspended,
      guildId: SERVER,
      suspended: true,
    });

    const page = await api(product.url, 'GET', `/api/server/${SERVER}`);
    expect(page.status).to.equal(403);
    expect(page.body).to.deep.equal(restricted);
    const generated = await generateKey();
    expect(generated.status).to.equal(403);
    expect(generated.body).to.deep.equal(restricted);
    // a key made before cannot be redeemed while the server is suspended: the bot relays the same words
    const redeemed = await api(product.url, 'POST', '/api/bot/keys/redeem', {
      token: BOT_TOKEN,
      body: { guildId: SERVER, discordUserId: MEMBER, key },
    });
    expect(redeemed.status).to.equal(403);
    expect(redeemed.body).to.deep.equal(restricted);
    // other servers go on
    expect((await api(product.url, 'GET', `/api/server/${OTHER}`)).status).to.equal(200);
    expect((await generateKey(OTHER)).status).to.equal(200);
  });

  it('the owner and admins still see the server, with the reason; the admin lists it', async () => {
    for (const token of [ownerToken, adminToken]) {
      const page = await api(product.url, 'GET', `/api/server/${SERVER}`, { token });
      expect(page.status).to.equal(200);
      expect(page.body.suspension).to.include({ reason: 'Spam links in #general' });
    }
    // another subscriber is a visitor of this server: the Restricted answer, no reason
    await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'bystander', password: 'bystander-password-1', planName: 'Business', days: 30 },
    });
    const bystanderToken = await login(product.url, 'bystander', 'bystander-password-1');
    const seen = await api(product.url, 'GET', `/api/server/${SERVER}`, { token: bystanderToken });
    expect([seen.status, seen.body]).to.deep.equal([403, restricted]);
    const list = await api(product.url, 'GET', '/api/admin/suspensions', { token: adminToken });
    expect(list.status).to.equal(200);
    expect(list.body.suspensions).to.have.length(1);
    expect(list.body.suspensions[0]).to.include({
      guildId: SERVER,
      serverName: 'Suspended soon',
      reason: 'Spam links in #general',
    });
  });

  it('is in the audit trail, with who did it and why', async () => {
    const events = (await allEvents(product.dataDir)).filter((event) => event.streamId === `suspension-${SERVER}`);
    expect(events.map((event) => event.type)).to.deep.equal(['ServerSuspended']);
    expect(events[0].data).to.include({ guildId: SERVER, reason: 'Spam links in #general' });
    expect(events[0].metadata.actor.kind).to.equal('admin');
    const audit = await api(product.url, 'GET', `/api/admin/audit?guildId=${SERVER}&type=ServerSuspended`, {
      token: adminToken,
    });
    expect(audit.status).to.equal(200);
    expect(JSON.stringify(audit.body)).to.include('ServerSuspended');
  });

  it('refuses a second suspension, a blank or long reason, non-admins, and writes nothing', async () => {
    const before = (await allEvents(product.dataDir)).length;
    const again = await suspend({ reason: 'again' });
    expect(again.status).to.equal(409);
    expect(again.body.error).to.equal(suspensionTexts.alreadySuspended);
    for (const [body, text] of [
      [{}, errorTexts.fillAllFields],
      [{ reason: '   ' }, errorTexts.fillAllFields],
      [{ reason: 'x'.repeat(501) }, suspensionTexts.reasonLength],
    ] as const) {
      const response = await suspend(body, adminToken, OTHER);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.error).to.equal(text);
    }
    expect((await suspend({ reason: 'x' }, ownerToken, OTHER)).status).to.equal(403);
    expect((await suspend({ reason: 'x' }, null, OTHER)).status).to.equal(401);
    expect((await lift(null)).status).to.equal(401);
    expect((await lift(ownerToken)).status).to.equal(403);
    expect((await api(product.url, 'GET', '/api/admin/suspensions', { token: ownerToken })).status).to.equal(403);
    expect((await allEvents(product.dataDir)).length).to.equal(before);
  });

  it('lifting it opens the key page and keys again; lifting twice is refused', async () => {
    const lifted = await lift();
    expect(lifted.status).to.equal(200);
    expect(lifted.body).to.include({ message: suspensionTexts.lifted, suspended: false });
    expect((await api(product.url, 'GET', `/api/server/${SERVER}`)).status).to.equal(200);
    expect((await generateKey()).status).to.equal(200);
    expect(
      (await api(product.url, 'GET', '/api/admin/suspensions', { token: adminToken })).body.suspensions,
    ).to.deep.equal([]);
    const again = await lift();
    expect(again.status).to.equal(409);
    expect(again.body.error).to.equal(suspensionTexts.notSuspended);
    // the server's settings history: who suspended it, why, and who lifted it
    const history = await api(product.url, 'GET', `/api/admin/audit/servers/${SERVER}/settings`, { token: adminToken });
    const suspensions = history.body.changes.filter((change: { setting: string }) => change.setting === 'suspension');
    expect(suspensions.map((change: { type: string }) => change.type)).to.deep.equal([
      'ServerSuspended',
      'ServerSuspensionLifted',
    ]);
    expect(suspensions[0].changes).to.deep.equal([{ field: 'reason', from: null, to: 'Spam links in #general' }]);
    expect(suspensions[1].changes).to.deep.equal([{ field: 'reason', from: 'Spam links in #general', to: null }]);
  });
});

import { privacyTexts, type UserDiscordResponse } from '@vip/contracts';
import { expect } from 'chai';
import type { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import {
  avatarUrl,
  D_ALICE,
  discordWorld,
  MANAGED,
  OWNED,
  oauthBrowser,
  productEnv,
  registerApp,
} from '../support/discord-oauth.ts';
import { api, login } from '../support/http.ts';
import { allEvents } from '../support/seed.ts';

describe('Discord identity: sign-up where the operator opened it (DISCORD_SIGNUP=open)', function () {
  this.timeout(60_000);
  let fake: FakeDiscord;
  let product: SpawnedProduct;

  before(async () => {
    fake = await discordWorld();
    product = await startAllInOne({ env: productEnv(fake, { DISCORD_SIGNUP: 'open' }) });
    registerApp(fake, product.url);
  });
  after(async () => {
    await product?.stop();
    await fake?.close();
    if (product) removeDataDir(product.dataDir);
  });

  it('makes a panel user of a Discord account that is nobody’s yet, named after its handle', async () => {
    expect((await api(product.url, 'GET', '/api/auth/discord')).body.signUp).to.equal('open');
    const signedIn = await oauthBrowser(
      () => product.url,
      () => fake,
    ).signInAs(D_ALICE);
    expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
    expect(signedIn.body.user).to.deep.equal({ username: 'alice.d', isAdmin: false });
    const info = await api(product.url, 'GET', '/api/user/info', { token: signedIn.body.token });
    expect(info.body).to.include({ username: 'alice.d', avatar: avatarUrl });
    const discord = await api<UserDiscordResponse>(product.url, 'GET', '/api/user/discord', {
      token: signedIn.body.token,
    });
    expect(discord.body.managedServers.map((server) => server.id)).to.deep.equal([OWNED, MANAGED]);

    // its generated password is answered this once: it signs in without Discord and proves the account
    const { newPassword } = signedIn.body;
    expect(newPassword).to.be.a('string').with.length.greaterThan(11);
    expect((await login(product.url, 'alice.d', newPassword)).length).to.be.greaterThan(0);
    const reset = await api(product.url, 'POST', '/api/user/reset-password', {
      token: signedIn.body.token,
      body: { currentPassword: newPassword },
    });
    expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
    const again = await oauthBrowser(
      () => product.url,
      () => fake,
    ).signInAs(D_ALICE);
    expect(again.body, 'a later sign-in answers no password').to.not.have.property('newPassword');
    const log = JSON.stringify(await allEvents(product.dataDir));
    expect(log).to.not.contain(newPassword);
  });

  it('lets an account that signed in with Discord in the last 10 minutes delete itself without the password', async () => {
    const signIn = () =>
      oauthBrowser(
        () => product.url,
        () => fake,
      ).signInAs(D_ALICE);
    const { id } = (await signIn()).body;
    const adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const reset = await api(product.url, 'POST', `/api/admin/subscribers/${id}/reset-password`, { token: adminToken });
    expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
    const password = await login(product.url, 'alice.d', reset.body.password);
    // a session started with a password proves nothing without the password
    const unproven = await api(product.url, 'DELETE', '/api/user/me', { token: password, body: {} });
    expect(unproven.status).to.equal(400);
    expect(unproven.body.error).to.equal(privacyTexts.recentSignInNeeded);
    const viaDiscord = await signIn();
    const deleted = await api(product.url, 'DELETE', '/api/user/me', { token: viaDiscord.body.token, body: {} });
    expect(deleted.status, JSON.stringify(deleted.body)).to.equal(200);
    expect(deleted.body.member).to.include({ erased: true });
    for (const token of [password, viaDiscord.body.token])
      expect((await api(product.url, 'GET', '/api/user/info', { token })).status).to.equal(401);
  });
});

import { expect } from 'chai';
import type { UserDiscordResponse } from '@vip/contracts';
import type { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { removeDataDir, startAllInOne, type SpawnedProduct } from '../support/all-in-one.ts';
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
import { api } from '../support/http.ts';

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
  });
});

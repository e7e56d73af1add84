import type { UserDiscordResponse } from '@vip/contracts';
import { expect } from 'chai';
import type { FakeDiscord } from '../../bots/test/fake-discord/fake-discord.ts';
import { removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { D_STRANGER, discordWorld, oauthBrowser, productEnv, registerApp } from '../support/discord-oauth.ts';
import { api, login } from '../support/http.ts';
import { allEvents } from '../support/seed.ts';

/**
 * Issue #19 item 7: parallel callbacks for one Discord account that is nobody's yet each
 * registered a panel user before the account was reserved; one link won and the others
 * were left as panel users with no Discord link. The account is reserved first now: exactly
 * one panel user per Discord account, and every callback signs in as that one.
 */
describe('Discord identity: parallel sign-ups of one new account (issue #19 item 7)', function () {
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

  it('makes one panel user of it, whichever of six callbacks at once comes first', async () => {
    const browser = oauthBrowser(
      () => product.url,
      () => fake,
    );
    // six browsers (or tabs) started signing in and came back from Discord; their callbacks arrive together
    const returns = [];
    for (let i = 0; i < 6; i++) {
      const started = await browser.start();
      returns.push({ cookie: started.cookie, back: await browser.authorize(started, D_STRANGER) });
    }
    const answers = await Promise.all(returns.map(({ cookie, back }) => browser.callback(back, cookie)));

    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(new Set(answers.map((answer) => answer.body.id)).size, 'one panel user').to.equal(1);
    const passwords = answers.map((answer) => answer.body.newPassword).filter(Boolean);
    expect(passwords, 'the new password is answered once').to.have.length(1);
    expect((await login(product.url, answers[0].body.user.username, passwords[0])).length).to.be.greaterThan(0);
    for (const answer of answers) {
      const discord = await api<UserDiscordResponse>(product.url, 'GET', '/api/user/discord', {
        token: answer.body.token,
      });
      expect(discord.body.account?.id).to.equal(D_STRANGER);
    }

    const log = await allEvents(product.dataDir);
    const registered = log
      .filter((event) => event.type === 'UserRegistered')
      .map((event) => event.data as { username: string; isAdmin: boolean })
      .filter((data) => !data.isAdmin);
    expect(
      registered.map((data) => data.username),
      'no panel user without its Discord account',
    ).to.deep.equal([answers[0].body.user.username]);
    expect(log.filter((event) => event.type === 'DiscordAccountReserved')).to.have.length(1);
    expect(log.filter((event) => event.type === 'DiscordSignInCompleted')).to.have.length(6);
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { FakeDiscord } from '../bots/test/fake-discord/fake-discord.ts';
import { option } from '../bots/test/fake-discord/fake-discord.ts';
import { redeem } from '../bots/test/support/journeys.ts';
import { runLink } from '../bots/test/support/verified-owner.ts';
import { botEnv, CHANNELS, GUILD, OWNER, startFakeDiscord } from '../bots/test/support/world.ts';
import { ADMIN, logIn, useProductInBrowser } from '../frontend/test/support/productInBrowser.ts';
import { api, createSubscriber, tokenOf } from '../frontend/test/support/seed.ts';
import { eventually } from './support/seed.ts';

const VIP_ROLE = '200000000000000098';
const MEMBER = '330000000000000001';

/**
 * An owner's first hour against the fake Discord, on a phone-sized screen: an account made by
 * an admin (Sign in with Discord is not set up here), the Servers tab's checklist, `/link`,
 * the server added, `/setrole`, `/send` and a member's first redemption — each step ticking
 * without a reload, as /ws tells the panel. Then an admin suspends the server, and the owner's
 * card says so, with the reason.
 */
describe('frontend: an owner sets up a first server (browser)', function () {
  this.timeout(120_000);
  let fake: FakeDiscord;

  before(async () => {
    fake = await startFakeDiscord();
    fake.addRole(fake.guild(GUILD), { id: VIP_ROLE, name: 'Supporters', position: 2 });
    fake.addMember(fake.guild(GUILD), MEMBER, 'first.member');
  });
  const browser = useProductInBrowser({ env: () => botEnv(fake) });
  // biome-ignore lint/suspicious/noDuplicateTestHooks: it must run after useProductInBrowser's own before(), which starts the product
  before(async function () {
    if (!fake) this.skip();
    await eventually(
      async () => (await fetch(browser.url(`/api/server/${GUILD}`))).status === 200,
      20_000,
      'the key bot reporting its server',
    );
  });
  after(async () => {
    await fake?.close();
  });

  const step = (page: Page, id: string) => page.locator(`.setup-step[data-step="${id}"]`);
  const ticked = (page: Page, id: string) => step(page, id).and(page.locator('[data-done="true"]')).waitFor();

  it('walks the checklist from a new account to a first redeemed key, then sees a suspension', async () => {
    const owner = await createSubscriber(browser.product(), 'first-owner', 'first-owner-password');
    const page = await browser.openPage('/login');
    await logIn(page, owner);
    await page.waitForURL('**/panel');
    await page.getByRole('heading', { name: 'Set up your first server' }).waitFor();
    expect(await page.getByTestId('setup-progress').textContent()).to.equal('0 of 5 done');
    // no server can be added before a Discord link proves it; no word of a sign-in the site lacks
    expect(await page.getByRole('button', { name: 'Add your first server' }).count()).to.equal(0);
    await step(page, 'add').getByText('Link your Discord account first').waitFor();
    expect(await page.getByText(/sign in with Discord/i).count()).to.equal(0);
    expect(await step(page, 'bot').getByRole('link', { name: 'Invite the bot' }).getAttribute('href')).to.match(
      /^https:\/\/discord\.com\/.*client_id=/,
    );

    // /link in Discord: the panel follows without a reload
    await page.getByRole('button', { name: 'Link with /link' }).click();
    const command = await page.getByTestId('link-code').locator('code').textContent();
    const reply = await runLink(fake, OWNER, command!.slice('/link code:'.length), GUILD, CHANNELS.general);
    expect(reply).to.match(/now linked/);
    await ticked(page, 'link');
    await ticked(page, 'bot');
    await page.getByRole('region', { name: 'Discord account' }).waitFor();

    await page.getByRole('button', { name: 'Add your first server' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add Fake Server' }).click();
    await page.locator('.server-card', { hasText: 'Fake Server' }).waitFor();
    await ticked(page, 'add');

    const chosen = fake.slashCommand('key', { guildId: GUILD, channelId: CHANNELS.general, userId: OWNER }, 'setrole', [
      option.role('role', VIP_ROLE),
    ]);
    expect((await fake.answerTo(chosen)).data.content).to.include(`<@&${VIP_ROLE}>`);
    await ticked(page, 'role');

    const sent = fake.slashCommand('key', { guildId: GUILD, channelId: CHANNELS.general, userId: OWNER }, 'send', [
      option.channel('channel', CHANNELS.verify),
    ]);
    await fake.answerTo(sent);
    expect(await step(page, 'send').getAttribute('data-done')).to.equal('false');
    const key = (await api<{ key: string }>(browser.product(), '/api/keys/generateKey', { body: { guildId: GUILD } }))
      .body.key;
    await redeem(fake, MEMBER, key);
    // every step done and nothing in the way: the checklist steps aside
    await page.getByRole('heading', { name: 'Set up your first server' }).waitFor({ state: 'detached' });

    // an admin suspends the server: the owner's card says so, with the reason, still without a reload
    const adminToken = await tokenOf(browser.product(), ADMIN);
    const suspended = await api(browser.product(), `/api/admin/servers/${GUILD}/suspend`, {
      token: adminToken,
      body: { reason: 'Keys resold on a market' },
    });
    expect(suspended.status).to.equal(200);
    const notice = page.locator('.server-card .suspension-notice');
    await notice.getByText('Reason: Keys resold on a market').waitFor();
    await notice.getByText(/Members cannot get or redeem keys/).waitFor();
    // no support address set: the owner is told who decides, and no link leads nowhere
    expect(await notice.getByRole('link').count()).to.equal(0);
    await page.reload();
    await notice.getByText('Reason: Keys resold on a market').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });
});

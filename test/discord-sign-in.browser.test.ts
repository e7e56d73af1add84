import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { FakeDiscord } from '../bots/test/fake-discord/fake-discord.ts';
import { runLink } from '../bots/test/support/verified-owner.ts';
import { botEnv, CHANNELS, GUILD, KEY_BOT, OWNER, startFakeDiscord } from '../bots/test/support/world.ts';
import { logIn, useProductInBrowser } from '../frontend/test/support/productInBrowser.ts';
import { createSubscriber } from '../frontend/test/support/seed.ts';
import { eventually } from './support/seed.ts';

const CLIENT_SECRET = 'browser-test-secret';
const OTHER_GUILD = '200000000000000601';
const NEWCOMER = '340000000000000001';
const LINKER = { member: '340000000000000002', guild: '200000000000000701', channel: '200000000000000711' };

/**
 * decisions.md §9 in the real browser against the fake Discord: Sign in with Discord → the
 * authorize page → the panel lists the servers Discord says the user manages → add one →
 * greeting saved → the key bot posts it when a member joins.
 */
describe('frontend: Sign in with Discord (browser)', function () {
  this.timeout(120_000);
  let fake: FakeDiscord;

  before(async () => {
    fake = await startFakeDiscord();
    fake.oauth.addUser({ id: OWNER, username: 'fake.owner', globalName: 'Fake Owner', avatar: null });
    // a server the owner is in but does not manage: Discord lists it, the panel must not
    const other = fake.addGuild({
      id: OTHER_GUILD,
      name: 'Somebody Else',
      ownerId: '340000000000000099',
      channels: [],
      bots: [],
    });
    fake.addMember(other, OWNER, 'fake.owner');
    fake.addGuild({
      id: LINKER.guild,
      name: 'Linked By Code',
      ownerId: LINKER.member,
      channels: [{ id: LINKER.channel, name: 'general' }],
      bots: ['key'],
    });
  });
  const browser = useProductInBrowser({
    env: () => ({
      ...botEnv(fake),
      DISCORD_CLIENT_SECRET: CLIENT_SECRET,
      DISCORD_OAUTH_AUTHORIZE_URL: `${fake.url}/oauth2/authorize`,
      DISCORD_SIGNUP: 'open',
      // the redirect address is then this product's own (the bots' world points PUBLIC_URL elsewhere)
      PUBLIC_URL: '',
    }),
  });
  // biome-ignore lint/suspicious/noDuplicateTestHooks: it must run after useProductInBrowser's own before(), which starts the product it registers with
  before(async function () {
    if (!fake) this.skip();
    fake.oauth.apps.push({
      clientId: KEY_BOT.applicationId,
      clientSecret: CLIENT_SECRET,
      redirectUris: [browser.url('/auth/discord/callback')],
    });
    await eventually(
      async () => (await fetch(browser.url(`/api/server/${GUILD}`))).status === 200,
      20_000,
      'the key bot reporting its server',
    );
  });
  after(async () => {
    await fake?.close();
  });

  async function signInWithDiscord(): Promise<Page> {
    const page = await browser.openPage('/login');
    fake.oauth.signedInAs = OWNER;
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await page.waitForURL(`${fake.url}/oauth2/authorize**`);
    await page.getByText('Signed in as Fake Owner').waitFor();
    await page.getByRole('button', { name: 'Authorize' }).click();
    return page;
  }

  it('signs in with Discord, adds a server it manages, saves a greeting, and the bot posts it', async () => {
    const page = await signInWithDiscord();
    // a new panel user (DISCORD_SIGNUP=open) is shown its generated password once, for signing in without Discord
    const welcome = page.getByRole('status').filter({ hasText: 'This password is shown once' });
    await welcome.waitFor();
    await welcome.getByRole('button', { name: 'Show Panel password' }).click();
    const password = (await welcome.locator('.secret-value').textContent()) ?? '';
    expect(password).to.match(/^\S{12,}$/);
    await welcome.getByRole('button', { name: 'I have saved it' }).click();
    await page.waitForURL('**/panel');
    const withPassword = await fetch(browser.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'fake.owner', password }),
    });
    expect(withPassword.status, 'the shown password signs in without Discord').to.equal(200);
    await page.getByRole('region', { name: 'Discord account' }).getByText('Fake Owner').waitFor();
    // the header shows who is signed in: a new panel user named after the Discord handle
    await page.locator('.user-name', { hasText: 'fake.owner' }).waitFor();

    await page.getByRole('button', { name: 'Add your first server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    const picker = dialog.getByRole('list', { name: 'Servers you manage' });
    await picker.getByText('Fake Server').waitFor();
    expect(await picker.getByText('Somebody Else').count()).to.equal(0);
    await picker.getByRole('button', { name: 'Add Fake Server' }).click();
    await page.getByText('Server added successfully').first().waitFor();
    await page.locator('.server-card', { hasText: 'Fake Server' }).waitFor();
    expect(await page.locator('.server-card .verify-prompt').count()).to.equal(0);

    await page.getByRole('tab', { name: 'Greetings' }).click();
    await page.getByLabel('Server', { exact: true }).selectOption(GUILD);
    const channel = page.getByLabel('Channel');
    await channel.locator('option', { hasText: '#welcome' }).waitFor({ state: 'attached' });
    await page.getByRole('switch', { name: 'Greet new members' }).check();
    await channel.selectOption({ label: '#welcome' });
    await page.getByLabel('Delay (seconds)').fill('1');
    await page.getByLabel('Message').fill('Welcome {user}, signed in with Discord!');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully').first().waitFor();

    fake.memberJoins(GUILD, NEWCOMER, 'newcomer');
    const greeting = await fake.waitForCall(
      (call) => call.method === 'POST' && call.path === `/channels/${CHANNELS.welcome}/messages`,
      8_000,
      'the greeting',
    );
    expect(greeting.body.content).to.equal(`Welcome <@${NEWCOMER}>, signed in with Discord!`);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('says "Discord did not answer, try again" when Discord is down, with a way to try again', async () => {
    const page = await browser.openPage('/login');
    fake.oauth.signedInAs = OWNER;
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    fake.oauth.down = true;
    await page.getByRole('button', { name: 'Authorize' }).click();
    try {
      await page.waitForURL('**/auth/discord/callback**');
      await page.getByRole('alert').getByText('Discord did not answer, try again').waitFor();
    } finally {
      fake.oauth.down = false;
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(`${fake.url}/oauth2/authorize**`);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/panel');
  });

  it('says so when the person cancels on Discord', async () => {
    const page = await browser.openPage('/login');
    fake.oauth.signedInAs = OWNER;
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').getByText('Signing in with Discord was cancelled.').waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
  });

  it('links an account with /link: the panel shows the code, the bot takes it, the panel shows the account', async () => {
    const subscriber = await createSubscriber(browser.product(), 'linker', 'linker-password');
    const page = await browser.openPage('/login');
    await logIn(page, subscriber);
    await page.waitForURL('**/panel');
    await page.getByRole('heading', { name: 'Link your Discord account' }).waitFor();
    await page.getByRole('button', { name: 'Link with /link' }).click();
    const command = await page.getByTestId('link-code').locator('code').textContent();
    expect(command).to.match(/^\/link code:[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const reply = await runLink(
      fake,
      LINKER.member,
      command!.slice('/link code:'.length),
      LINKER.guild,
      LINKER.channel,
    );
    expect(reply).to.match(/^✅ Your Discord account is now linked to the panel user \*\*linker\*\*/);
    await page.reload();
    await page.getByRole('region', { name: 'Discord account' }).waitFor();
    await page.getByRole('button', { name: 'Add your first server' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add Linked By Code' }).click();
    await page.locator('.server-card', { hasText: 'Linked By Code' }).waitFor();
  });

  it('shows admins the linked account and verified servers, and releases a claim with a reason', async () => {
    const page = await browser.openPage('/login');
    await logIn(page);
    await page.waitForURL('**/admin');
    await page.goto(browser.url('/admin/subscribers'));
    const row = page.locator('.subscriber-row', { hasText: 'linker' });
    await row.locator('.subscriber-identity').getByText(LINKER.member).waitFor();
    const server = row.locator(`[data-server-id="${LINKER.guild}"]`);
    await server.getByText('Verified').waitFor();
    await server.getByRole('button', { name: /^Release / }).click();
    await server.getByLabel('Reason').fill('test release');
    await server.getByRole('button', { name: 'Release' }).click();
    await page.getByText('Server claim released').first().waitFor();
    await server.waitFor({ state: 'detached' });
    expect(browser.pageErrors).to.deep.equal([]);
  });
});

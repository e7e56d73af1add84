import { type ServerInfoResponse, vipRoleFixes, vipRoleTexts } from '@vip/contracts';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { BOT_TOKEN } from '../../test/support/all-in-one.ts';
import { proveManagement } from '../../test/support/discord.ts';
import { logIn, pathOf, useProductInBrowser } from './support/productInBrowser.ts';
import {
  api,
  type CreatedSubscriber,
  createSubscriber,
  DEMO_SERVER_ID,
  reportServer,
  seedDemoServer,
  tokenOf,
} from './support/seed.ts';

/**
 * The subscriber's journeys (spec §2 /panel): servers and the slot limit, greetings with
 * their live preview, the subscription with its countdown and password reset.
 */
describe('frontend: subscriber panel (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();
  let subscriber: CreatedSubscriber;
  const extraServers = ['100000000000000202', '100000000000000203', '100000000000000204'];

  before(async () => {
    await seedDemoServer(browser.product());
    for (const [index, id] of extraServers.entries())
      await reportServer(browser.product(), id, `Extra Server ${index + 1}`, 100 + index);
    subscriber = await createSubscriber(browser.product(), 'sub1', 'sub1-password');
    // decisions.md §9: their Discord account manages these servers (proven with the key bot's /link)
    await proveManagement(browser.product().url, await tokenOf(browser.product(), subscriber), [
      DEMO_SERVER_ID,
      ...extraServers,
    ]);
    console.log(
      `      (subscriber created through ${subscriber.via === 'admin-api' ? 'POST /api/admin/subscribers' : 'the user CLI'})`,
    );
  });

  async function signedIn(path = '/panel'): Promise<Page> {
    const page = await browser.openPage(path);
    await page.waitForURL('**/login');
    await logIn(page, subscriber);
    await page.waitForURL(`**${path}`);
    return page;
  }

  async function addServer(page: Page, id: string, opener: string) {
    await page.getByRole('button', { name: opener }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    await dialog.getByLabel('Server ID').fill(id);
    await dialog.getByRole('button', { name: 'Add Server' }).click();
  }

  it('sends a signed-out subscriber to login and back, adds servers up to the slot limit, and changes one', async () => {
    const page = await signedIn('/panel');
    expect(pathOf(page)).to.equal('/panel');
    await page.getByText('No servers added yet').waitFor();

    // the modal: empty field, Escape, focus back on its opener
    await page.getByRole('button', { name: 'Add your first server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    await dialog.getByText('Make sure you have admin permissions in that server.').waitFor();
    await dialog.getByRole('button', { name: 'Add Server' }).click();
    await page.getByText('Please enter a server ID').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Add your first server');

    await addServer(page, DEMO_SERVER_ID, 'Add your first server');
    await page.getByText('Server added successfully').first().waitFor();
    await page.locator('.server-card', { hasText: 'Demo Server' }).waitFor();
    await page.getByText('1 of 3 slots used').waitFor();
    await addServer(page, extraServers[0], 'Add server');
    await page.locator('.server-card', { hasText: 'Extra Server 1' }).waitFor();

    // A second tab takes the last slot while this one has the modal open: the server refuses the 4th.
    await page.getByRole('button', { name: 'Add server' }).click();
    const other = await signedIn('/panel');
    await addServer(other, extraServers[1], 'Add server');
    await other.getByText('3 of 3 slots used').waitFor();
    // full is said as full; "Maximum limit" is only the answer to trying one more
    await other.getByText("All 3 slots are in use. Change a server's ID to move a slot to another server.").waitFor();
    expect(await other.getByText(/Maximum limit/).count()).to.equal(0);
    expect(await other.getByRole('button', { name: 'Add server' }).count()).to.equal(0); // no Add button at the limit

    await dialog.getByLabel('Server ID').fill(extraServers[2]);
    await dialog.getByRole('button', { name: 'Add Server' }).click();
    await page.locator('[role="status"]', { hasText: 'Maximum limit of 3 servers reached' }).first().waitFor();
    await page.keyboard.press('Escape');

    // Change Server ID: Cancel leaves it, Update replaces it
    await page.reload();
    const card = page.locator('.server-card', { hasText: 'Extra Server 1' });
    await card.getByRole('button', { name: 'Change Server ID' }).click();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Change Server ID' }).click();
    await card.getByLabel('New server ID').fill(extraServers[2]);
    await card.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Server updated successfully').waitFor();
    await page.locator('.server-card', { hasText: 'Extra Server 3' }).waitFor();
    await page.locator('.server-card', { hasText: 'Extra Server 1' }).waitFor({ state: 'detached' });
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('saves a greeting with its live preview, lists it and removes it', async () => {
    const page = await signedIn('/panel');
    await page.getByRole('tab', { name: 'Greetings' }).click();
    await page.getByText('No active greetings found').waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Please select a server').first().waitFor();

    await page.getByLabel('Server', { exact: true }).selectOption(DEMO_SERVER_ID);
    const channel = page.getByLabel('Channel');
    await channel.locator('option', { hasText: '#welcome' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Please select a channel').first().waitFor();

    expect(await page.getByLabel('Delay (seconds)').getAttribute('min')).to.equal('1');
    expect(await page.getByLabel('Delay (seconds)').getAttribute('max')).to.equal('3');
    await page.getByRole('switch', { name: 'Greet new members' }).check();
    await channel.selectOption({ label: '#welcome' });
    await page.getByLabel('Delay (seconds)').fill('2');
    await page.getByLabel('Message').fill('Hi {user}, welcome to {server.name}! Member number {membercount}.');
    const preview = page.getByTestId('greeting-preview');
    expect(await preview.textContent()).to.equal('Hi @NewMember, welcome to Demo Server! Member number 1234.');
    expect(await preview.locator('.mention-chip').textContent()).to.equal('@NewMember');

    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully').waitFor();
    const item = page.locator('.greeting-item', { hasText: 'Demo Server' });
    await item.waitFor();
    expect(await item.textContent())
      .to.include('#welcome')
      .and.include('Enabled');

    await item.getByRole('button', { name: /Remove greeting/ }).click();
    await page.getByText('Greeting removed successfully').waitFor();
    await page.getByText('No active greetings found').waitFor();
    // the selected server's form is back to the defaults
    await page.waitForFunction(() =>
      (document.querySelector('#greeting-message') as HTMLTextAreaElement | null)?.value.startsWith('Welcome {user}'),
    );
    expect(await page.getByRole('switch', { name: 'Greet new members' }).isChecked()).to.equal(false);
    expect(await channel.inputValue()).to.equal('');
    expect(await page.getByLabel('Delay (seconds)').inputValue()).to.equal('3');
  });

  it('keeps what the owner typed when the server refuses a greeting, marks the field, and replaces the toast', async () => {
    const page = await signedIn('/panel?tab=greetings');
    await page.getByLabel('Server', { exact: true }).selectOption(DEMO_SERVER_ID);
    const channel = page.getByLabel('Channel');
    await channel.locator('option', { hasText: '#welcome' }).waitFor({ state: 'attached' });
    const delay = page.getByLabel('Delay (seconds)');
    // the limit is shown beside the field before anything is refused
    expect(await page.locator('#greeting-delay-hint').textContent()).to.equal('1–3 seconds');
    await page.getByRole('switch', { name: 'Greet new members' }).check();
    await channel.selectOption({ label: '#welcome' });
    await delay.fill('5');
    await page.getByLabel('Message').fill('Hello {user}, typed with care');
    await page.getByRole('button', { name: 'Save Settings' }).click();

    await page.locator('#greeting-form-delay-error').waitFor();
    expect(await page.locator('#greeting-form-delay-error').textContent()).to.equal(
      'Delay must be between 1 and 3 seconds',
    );
    expect(await delay.getAttribute('aria-invalid')).to.equal('true');
    expect((await delay.getAttribute('aria-describedby'))?.split(' ')).to.include('greeting-form-delay-error');
    // nothing typed was lost
    expect(await page.getByLabel('Message').inputValue()).to.equal('Hello {user}, typed with care');
    expect(await delay.inputValue()).to.equal('5');
    expect(await channel.inputValue()).to.not.equal('');
    expect(await page.getByRole('switch', { name: 'Greet new members' }).isChecked()).to.equal(true);

    // fixed and saved: the mark goes, and the success replaces the error instead of standing beside it
    await delay.fill('2');
    expect(await delay.getAttribute('aria-invalid')).to.equal(null);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully').waitFor();
    expect(await page.getByText('Delay must be between 1 and 3 seconds').count()).to.equal(0);
    await page
      .locator('.greeting-item', { hasText: 'Demo Server' })
      .getByRole('button', { name: /Remove greeting/ })
      .click();
    await page.getByText('Greeting removed successfully').waitFor();
  });

  it('shows the subscription with a ticking countdown, hidden credentials and a one-time password reset', async function () {
    if (subscriber.via !== 'admin-api') {
      console.log('      (skipped: POST /api/admin/subscribers did not answer, so sub1 has no plan to show)');
      this.skip();
    }
    const page = await signedIn('/panel');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByTestId('subscription-status').filter({ hasText: 'Active' }).waitFor();
    await page
      .getByText(/^\d{2}\.\d{2}\.\d{4}$/)
      .first()
      .waitFor();
    // a month left: days and hours, no seconds ticking (the last day counts to the second: dates unit test)
    const countdown = page.getByTestId('countdown');
    expect(await countdown.textContent()).to.match(/^(29|30) days, \d{1,2} hours?$/);

    // the license key says what it is for
    expect(await page.getByTestId('license-key-hint').textContent()).to.include('names your subscription');

    // credentials hidden until asked for
    expect(await page.locator('.secret-value').first().textContent()).not.to.include('sub1');
    await page.getByRole('button', { name: 'Show Panel username' }).click();
    expect(await page.locator('.secret-value').first().textContent()).to.equal('sub1');

    await page.getByRole('button', { name: 'Reset panel password' }).click();
    // the current password is asked for first (issue #13 item 5)
    expect(await page.getByRole('button', { name: 'Yes, reset it' }).isDisabled()).to.equal(true);
    await page.getByLabel('Current panel password').fill('sub1-password');
    await page.getByRole('button', { name: 'Yes, reset it' }).click();
    await page.getByText('This new password is shown once').waitFor();
    await page.getByRole('button', { name: 'Show New panel password' }).click();
    const password = (await page.locator('.new-password .secret-value').textContent()) ?? '';
    expect(password.length).to.be.greaterThan(9);
    // the new password works, the old one does not
    expect((await api(browser.product(), '/api/auth/login', { body: { username: 'sub1', password } })).status).to.equal(
      200,
    );
    expect(
      (await api(browser.product(), '/api/auth/login', { body: { username: 'sub1', password: 'sub1-password' } }))
        .status,
    ).to.equal(401);
    subscriber = { ...subscriber, password };
    expect(await tokenOf(browser.product(), subscriber)).to.be.a('string');
  });

  it('a server card says what the key bot could not do with the VIP role, until it works again', async () => {
    const bot = (path: string, body?: unknown) =>
      api(browser.product(), `/api/bot/guilds/${DEMO_SERVER_ID}/vip-role/${path}`, {
        token: BOT_TOKEN,
        body: body ?? {},
      });
    const problemShown = async (shown: boolean) => {
      const token = await tokenOf(browser.product(), subscriber);
      for (let tries = 0; tries < 100; tries++) {
        const info = await api<ServerInfoResponse>(browser.product(), `/api/server/${DEMO_SERVER_ID}`, { token });
        if ((info.body.roleProblem !== undefined) === shown) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the role problem was ${shown ? 'never shown' : 'still shown'}`);
    };
    const failed = await bot('failed', {
      discordUserId: '300000000000000001',
      action: 'grant',
      problem: 'role-above-bot',
      roleId: '100000000000000099',
      failureId: '00000000-0000-4000-8000-0000000000f1',
    });
    expect(failed.status).to.equal(200);
    await problemShown(true);
    const page = await signedIn('/panel');
    const card = page.locator('.server-card', { hasText: 'Demo Server' });
    const banner = card.locator('[data-role-problem="role-above-bot"]');
    await banner.waitFor();
    expect(await banner.textContent()).to.equal(
      vipRoleTexts.cardProblem('grant', vipRoleFixes['role-above-bot']('the VIP role')),
    );

    expect((await bot('fixed')).status).to.equal(200);
    await problemShown(false);
    await page.reload();
    await card.waitFor();
    expect(await card.locator('[data-role-problem]').count()).to.equal(0);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('shows the not-found screen to a subscriber on /admin', async () => {
    const page = await signedIn('/panel');
    await page.goto(browser.url('/admin'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto(browser.url('/admin/statistics'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });
});

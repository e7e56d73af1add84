import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { runCli } from '../../test/support/cli.ts';
import { ADMIN, logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, createSubscriber, tokenOf } from './support/seed.ts';

/**
 * An admin helping subscribers: the passwords the server generated stay on their cards until
 * dismissed (creating the next subscriber loses none), a password is reset from a card, and
 * an account made with `npm run user` is listed too.
 */
describe('frontend: an admin helping a subscriber (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();

  async function signedInAdmin(path: string): Promise<Page> {
    const page = await browser.openPage('/login');
    await logIn(page, ADMIN);
    await page.waitForURL('**/admin/whitelist');
    await page.goto(browser.url(path));
    return page;
  }

  async function create(page: Page, username: string) {
    const form = page.locator('form.subscriber-form');
    await form.getByLabel('Username').fill(username);
    await form.getByRole('button', { name: 'Create Subscriber' }).click();
    await page
      .locator('.subscriber-row', { hasText: username })
      .getByText(/Generated password for/)
      .waitFor();
  }

  async function shownPassword(page: Page, username: string): Promise<string> {
    const row = page.locator('.subscriber-row', { hasText: username });
    await row.getByRole('button', { name: `Show Password of ${username}` }).click();
    return (await row.locator('.new-password .secret-value').textContent()) ?? '';
  }

  const signsIn = async (username: string, password: string) =>
    (await api(browser.product(), '/api/auth/login', { body: { username, password } })).status === 200;

  it('keeps both generated passwords, resets one from its card, and lists a CLI-made account', async () => {
    const made = await runCli('src/cli/user.ts', ['create', 'from-the-cli', '--password', 'from-the-cli-pw'], {
      DATA_DIR: browser.product().dataDir,
    });
    expect(made.code, made.stderr).to.equal(0);
    await tokenOf(browser.product(), { username: 'from-the-cli', password: 'from-the-cli-pw' });

    const page = await signedInAdmin('/admin/subscribers');
    await create(page, 'first-sub');
    await create(page, 'second-sub');
    // the first one's password did not vanish when the second was created
    const first = await shownPassword(page, 'first-sub');
    const second = await shownPassword(page, 'second-sub');
    expect(await signsIn('first-sub', first)).to.equal(true);
    expect(await signsIn('second-sub', second)).to.equal(true);

    // a refused create keeps what was typed and marks the field at fault
    const form = page.locator('form.subscriber-form');
    await form.getByLabel('Username').fill('first-sub');
    await form.getByLabel('Days').fill('9000');
    await form.getByRole('button', { name: 'Create Subscriber' }).click();
    const days = form.getByLabel('Days');
    await page.locator('#subscriber-form-days-error').waitFor();
    expect(await days.getAttribute('aria-invalid')).to.equal('true');
    expect(await days.getAttribute('aria-describedby')).to.include('subscriber-form-days-error');
    expect(await page.locator('#subscriber-form-days-error').textContent()).to.equal(
      'Days must be a whole number from 1 to 3650',
    );
    expect(await form.getByLabel('Username').inputValue()).to.equal('first-sub');

    // the CLI-made account is there, without a plan, and its password can be reset
    const cliRow = page.locator('.subscriber-row', { hasText: 'from-the-cli' });
    await cliRow.getByText('No plan').waitFor();
    await cliRow.getByRole('button', { name: 'Reset the password of from-the-cli' }).click();
    await cliRow.getByRole('button', { name: 'Confirm reset' }).click();
    await cliRow.getByText(/New password for from-the-cli/).waitFor();
    const reset = await shownPassword(page, 'from-the-cli');
    expect(await signsIn('from-the-cli', 'from-the-cli-pw')).to.equal(false);
    expect(await signsIn('from-the-cli', reset)).to.equal(true);

    // and it can be given a plan from its card: it moves among the subscribers
    await cliRow.getByLabel('Plan', { exact: true }).selectOption('Premium');
    await cliRow.getByRole('button', { name: /^Start a Premium plan of 30 days for from-the-cli/ }).click();
    await page.getByText('Premium plan started for from-the-cli').waitFor();
    await page.locator('.subscriber-row', { hasText: 'from-the-cli' }).getByText('Active').waitFor();

    // each stays until dismissed, one by one
    await page.locator('.subscriber-row', { hasText: 'first-sub' }).getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('one-time-password').count()).to.equal(2);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('tells a planless account whose slots it has, beside the Subscription tab\'s "no plan"', async () => {
    const made = await runCli('src/cli/user.ts', ['create', 'planless', '--password', 'planless-password'], {
      DATA_DIR: browser.product().dataDir,
    });
    expect(made.code, made.stderr).to.equal(0);
    await tokenOf(browser.product(), { username: 'planless', password: 'planless-password' });
    const page = await browser.openPage('/login');
    await logIn(page, { username: 'planless', password: 'planless-password' });
    await page.waitForURL('**/panel');
    await page.getByText('0 of 3 slots used (the slots of an account without a plan)').waitFor();
    expect(await page.getByText('0 of 3 slots used', { exact: true }).count()).to.equal(0);
    // and the Subscription tab says who gives a plan here (billing is off), not only "no subscription"
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByText('No active subscription found').waitFor();
    expect(await page.getByTestId('no-plan-way-forward').textContent()).to.equal(
      "Without a plan your account keeps up to 3 servers. Plans here are given by the site's team: ask the admin who runs this site for one.",
    );
  });

  it("paints the admin page's background down to the bottom of a tall window", async () => {
    const page = await signedInAdmin('/admin/whitelist');
    await page.setViewportSize({ width: 1280, height: 1600 });
    await page.getByText('No whitelist entries found').waitFor();
    const colours = await page.evaluate(() => {
      const shell = document.querySelector('.app-shell') as HTMLElement;
      const below = document.elementFromPoint(640, window.innerHeight - 5) as HTMLElement;
      return { height: shell.offsetHeight, below: below.className };
    });
    expect(colours.height).to.be.at.least(1600);
    expect(colours.below).to.not.equal(''); // a part of the page, not the bare canvas under it
  });

  it('shows a linked Discord account once, without an empty "Discord –" fact above it', async () => {
    await createSubscriber(browser.product(), 'plain-sub', 'plain-sub-password');
    const page = await signedInAdmin('/admin/subscribers');
    const row = page.locator('.subscriber-row', { hasText: 'plain-sub' });
    await row.getByText('No Discord account linked').waitFor();
    expect(await row.locator('dt', { hasText: /^Discord/ }).count()).to.equal(0);
  });
});

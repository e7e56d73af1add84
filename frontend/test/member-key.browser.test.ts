import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ADMIN, useProductInBrowser } from './support/productInBrowser.ts';
import { api, DEMO_SERVER_ID, reportServer, seedDemoServer, tokenOf } from './support/seed.ts';

/**
 * A member on a phone-sized screen (390×844) getting a key the way a phone treats the page:
 * it is reloaded when they come back from the Discord app, and they press Back. The key this
 * browser generated stays; another browser never sees it; a second key is asked for first.
 * And what a member reads when something stands in the way: said once, with what to do.
 */
describe('frontend: a member keeps the key they got (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();
  const SUSPENDED_ID = '100000000000000301';

  before(async () => {
    await seedDemoServer(browser.product());
    await reportServer(browser.product(), SUSPENDED_ID, 'Soon Suspended', 40);
  });

  const keyOnScreen = async (page: Page) => ((await page.getByTestId('generated-key').textContent()) ?? '').trim();

  it('keeps the key through a reload and Back, never shows it to another browser, and asks before a new one', async () => {
    const page = await browser.openPage(`/gen?serverid=${DEMO_SERVER_ID}`);
    expect(page.viewportSize()).to.deep.equal({ width: 390, height: 844 });
    await page.waitForURL(/\/gen\?serverhash=/);
    const link = page.url();
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const key = await keyOnScreen(page);
    expect(key).to.match(/^[0-9A-Z-]{20,}$/);

    // the phone reloads the page when the member comes back from Discord
    await page.reload();
    await page.getByRole('heading', { name: 'Demo Server', level: 1 }).waitFor();
    expect(await keyOnScreen(page)).to.equal(key);
    expect(await page.getByText('This link has already been used').count()).to.equal(0);

    // they leave for another page and come Back
    await page.getByRole('link', { name: 'Features' }).first().click();
    await page.waitForURL('**/features');
    await page.goBack();
    expect(await keyOnScreen(page)).to.equal(key);

    // the same link in another browser: spent, and no key
    const elsewhere = await browser.openPage(new URL(link).pathname + new URL(link).search);
    await elsewhere.getByRole('heading', { name: 'This link has already been used' }).waitFor();
    expect(await elsewhere.getByTestId('generated-key').count()).to.equal(0);
    expect(await elsewhere.getByText(key).count()).to.equal(0);

    // a second key is asked for first; keeping the key changes nothing
    await page.getByRole('button', { name: 'Generate New Key' }).click();
    await page.getByText(/Generate a new key\? This one will no longer be on screen/).waitFor();
    await page.getByRole('button', { name: 'Keep this key' }).click();
    expect(await keyOnScreen(page)).to.equal(key);
    await page.getByRole('button', { name: 'Generate New Key' }).click();
    await page.getByRole('button', { name: 'Yes, generate a new key' }).click();
    await page.waitForURL((url) => url.searchParams.has('serverhash') && url.toString() !== link);
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const second = await keyOnScreen(page);
    expect(second).to.not.equal(key);
    // Back to the first link: its own key, still
    await page.goBack();
    await page.waitForURL(link);
    expect(await keyOnScreen(page)).to.equal(key);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('says what a wrong link and a server without the bot mean, without a pointless Try Again', async () => {
    const page = await browser.openPage('/gen?serverhash=NOT-A-REAL-HASH');
    await page.getByRole('heading', { name: 'Access Error' }).waitFor();
    await page.getByText('Invalid or expired hash').waitFor();
    await page.getByText(/press the bot's button again for a new link/).waitFor();
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).to.equal(0);

    await page.goto(browser.url('/gen?serverid=199999999999999999'));
    await page.getByRole('heading', { name: 'Access Error' }).waitFor();
    await page.getByText('Bot not in server', { exact: true }).waitFor();
    await page.getByText(/Let the server's staff know/).waitFor();
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).to.equal(0);
    expect(await page.getByRole('link', { name: 'How to invite the bot' }).getAttribute('href')).to.equal('/invite');
  });

  it('says once how long to wait when there were too many requests', async () => {
    const page = await browser.openPage('/login', async (context) => {
      await context.route('**/api/keys/generateKey', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
          body: JSON.stringify({ error: 'Too many requests, please try again later', code: 'rate_limited' }),
        }),
      );
    });
    await page.goto(browser.url(`/key/${DEMO_SERVER_ID}`));
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const words = 'Too many requests: please wait 42 seconds, then try again.';
    await page.getByRole('alert').filter({ hasText: words }).waitFor();
    expect(await page.getByText(/Too many requests/).count()).to.equal(1);
    expect(await page.getByRole('button', { name: 'Generate Key' }).isEnabled()).to.equal(true);
  });

  it('shows a page left open during a suspension as the server’s suspension, with a way home', async () => {
    const page = await browser.openPage(`/key/${SUSPENDED_ID}`);
    await page.getByRole('heading', { name: 'Soon Suspended', level: 1 }).waitFor();
    const token = await tokenOf(browser.product(), ADMIN);
    const suspended = await api(browser.product(), `/api/admin/servers/${SUSPENDED_ID}/suspend`, {
      token,
      body: { reason: 'Selling keys' },
    });
    expect(suspended.status).to.equal(200);
    await page.getByRole('button', { name: 'Generate Key' }).click();
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor();
    await page.getByText('This server has been suspended.', { exact: false }).waitFor();
    expect(await page.getByText('You do not have permission').count()).to.equal(0);
    expect(pathOfPage(page)).to.equal(`/key/${SUSPENDED_ID}`);
    // no support address configured: no link to a contact that does not exist
    expect(await page.getByRole('link', { name: 'Contact support' }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL('**/features');
  });
});

const pathOfPage = (page: Page) => new URL(page.url()).pathname;

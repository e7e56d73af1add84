import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ADMIN, logIn, useProductInBrowser } from './support/productInBrowser.ts';

/**
 * Issue #19 item 8: the pages carry a Content-Security-Policy (scripts from the site only).
 * The pages a visitor and an admin go through must run under it without one refusal: the
 * browser reports every blocked script, style, image or connection on the console.
 */
describe('frontend: the pages run under their Content-Security-Policy (browser)', function () {
  this.timeout(120_000);
  const browser = useProductInBrowser();

  const refusalsOf = (page: Page) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    return refusals;
  };

  it('shows the landing page, signs in, goes live on /ws and shows a toast without a refusal', async () => {
    const page = await browser.openPage('/features');
    const refusals = refusalsOf(page);
    // what came before the listener: the page loads again with it
    await page.reload();
    await page.getByRole('heading', { name: /Reward your members/ }).waitFor();
    await page.goto(browser.url('/login'));
    await logIn(page, ADMIN);
    await page.waitForURL('**/admin**');
    await page.goto(browser.url('/status'));
    // signed in as an admin: the details of /api/health as well
    await page.locator('.data-table tbody tr').first().waitFor();
    await page.goto(browser.url('/gen?serverid=100000000000000001'));
    await page.waitForLoadState('networkidle');
    expect(refusals).to.deep.equal([]);
    expect(browser.pageErrors).to.deep.equal([]);
  });
});

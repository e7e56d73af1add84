import { authPaths } from '@vip/contracts/plain';
import { expect } from 'chai';
import { logIn, pathOf, useProductInBrowser } from './support/productInBrowser.ts';
import { createSubscriber, seedDemoServer } from './support/seed.ts';

/**
 * Someone without an account arriving at "/": the sign-in screen carries the site's header
 * and says how to get an account here; a plan's button leads to a step that works even where
 * plans are not sold online.
 */
describe('frontend: from the sign-in screen to an account (browser)', function () {
  this.timeout(120_000);

  describe('on a site without a support link or Discord sign-up', () => {
    const browser = useProductInBrowser();

    it('shows the site header and the honest way to an account, and a plan button leads somewhere that works', async () => {
      const page = await browser.openPage('/');
      await page.waitForURL('**/login');
      const site = page.getByRole('navigation', { name: 'Site' });
      await site.getByRole('link', { name: 'Features' }).waitFor();
      await site.getByRole('link', { name: 'Invite' }).waitFor();
      const newHere = page.getByRole('region', { name: 'New here?' });
      await newHere.getByText('Accounts on this site are made by the admin who runs it: ask them for one.').waitFor();
      // no contact that does not exist
      expect(await newHere.getByRole('link', { name: /support/i }).count()).to.equal(0);

      // the pricing, then a plan: billing is off, so sign-in first, then how this site gives plans
      await newHere.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL('**/features#pricing');
      await page.getByRole('link', { name: 'Get Premium' }).click();
      await page.waitForURL('**/login');
      const subscriber = await createSubscriber(browser.product(), 'buyer', 'buyer-password');
      await logIn(page, subscriber);
      await page.waitForURL('**/buy/premium');
      const byHand = page.getByTestId('buy-by-hand');
      await byHand.waitFor();
      expect(await byHand.textContent()).to.include('ask them for Premium');
      await page.getByRole('link', { name: 'Your subscription' }).waitFor();

      // signed in, the site's header offers their panel instead of Login
      await page.goto(browser.url('/features'));
      await site.getByRole('link', { name: 'Your panel' }).waitFor();
      expect(await site.getByRole('link', { name: 'Login' }).count()).to.equal(0);
      await site.getByRole('link', { name: 'Your panel' }).click();
      await page.waitForURL('**/panel');
      expect(pathOf(page)).to.equal('/panel');
      expect(browser.pageErrors).to.deep.equal([]);
    });

    it("shows a site's only server once in the landing's strip", async () => {
      await seedDemoServer(browser.product());
      for (const size of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        const page = await browser.openPage('/features');
        await page.setViewportSize(size);
        await page.locator('.strip-item', { hasText: 'Demo Server' }).first().waitFor();
        expect(await page.locator('.strip-item').count(), `${size.width} px`).to.equal(1);
      }
    });
  });

  describe('on a site with a support link', () => {
    const browser = useProductInBrowser({ env: () => ({ SUPPORT_URL: 'https://discord.gg/vip-support' }) });

    it('leads to the support server for an account, and for a plan not sold online', async () => {
      const page = await browser.openPage('/login');
      const link = page.getByRole('region', { name: 'New here?' }).getByRole('link', { name: /support server/ });
      expect(await link.getAttribute('href')).to.equal('https://discord.gg/vip-support');
      const subscriber = await createSubscriber(browser.product(), 'buyer2', 'buyer2-password');
      await page.goto(browser.url('/buy/business'));
      await page.waitForURL('**/login');
      await logIn(page, subscriber);
      await page.waitForURL('**/buy/business');
      const ask = page.getByTestId('buy-by-hand').getByRole('link', { name: 'ask for Business on the support server' });
      expect(await ask.getAttribute('href')).to.equal('https://discord.gg/vip-support');
    });
  });

  describe('on a site whose sign-in limit is spent', () => {
    const browser = useProductInBrowser({ env: () => ({ RATE_LIMIT_LOGINS_PER_MINUTE: '1' }) });

    it('says how long to wait, from the refusal\'s Retry-After, not just "later"', async () => {
      const page = await browser.openPage('/login');
      const alert = page.getByRole('alert');
      // three tries a minute from one client (the limit times three): the fourth is refused
      let status = 0;
      for (let attempt = 1; attempt <= 4 && status !== 429; attempt += 1) {
        const answered = page.waitForResponse((response) => response.url().endsWith(authPaths.login.path));
        await logIn(page, { username: 'nobody', password: `wrong-${attempt}` });
        status = (await answered).status();
      }
      expect(status).to.equal(429);
      await alert.getByText(/^Too many/).waitFor();
      expect(await alert.textContent()).to.match(
        /^Too many requests: please wait \d+ (seconds?|minutes?), then try again\.$/,
      );
    });
  });
});

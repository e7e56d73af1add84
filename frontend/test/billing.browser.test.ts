import { expect } from 'chai';
import { runCli } from '../../test/support/cli.ts';
import { FakeStripe, stripeEnv } from '../../test/support/fake-stripe/fake-stripe.ts';
import { logIn, useProductInBrowser } from './support/productInBrowser.ts';
import { api, createSubscriber, tokenOf } from './support/seed.ts';

/**
 * Buying a plan in the browser (#22, decisions.md §13), on a fake Stripe: a pricing card,
 * sign-in, Stripe's checkout page, back to the panel with the plan running; the customer
 * portal; and Renew on the banner of a plan that ended.
 */
describe('frontend: plans bought through Stripe (browser)', function () {
  this.timeout(180_000);
  let fake: FakeStripe;
  // before the product starts: its configuration points at the fake
  before(async () => {
    fake = await FakeStripe.start();
  });
  const browser = useProductInBrowser({ env: () => stripeEnv(fake) });
  before(() => {
    fake.webhookUrl = `${browser.product().url}/api/billing/webhook`;
  });
  after(async () => {
    await fake?.close();
  });

  it('goes from a pricing card through sign-in and Stripe’s checkout to an active plan, then to the portal and back', async () => {
    const created = await runCli('src/cli/user.ts', ['create', 'buyer', '--password', 'buyer-password-1'], {
      DATA_DIR: browser.product().dataDir,
    });
    expect(created.code, created.stderr).to.equal(0);

    const page = await browser.openPage('/features');
    await page.locator('#pricing').getByRole('link', { name: 'Get Business' }).click();
    // nobody is signed in: sign-in first, then on to the checkout
    await page.waitForURL('**/login');
    await logIn(page, { username: 'buyer', password: 'buyer-password-1' });
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByRole('heading', { name: 'Subscribe to Business' }).waitFor();
    await page.getByRole('button', { name: 'Pay €15.00' }).click();

    // Stripe sends the browser back once it has told the product
    await page.waitForURL('**/panel?tab=subscription&checkout=done');
    await page.getByRole('heading', { name: 'Business' }).first().waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).to.equal('Active');
    const billing = page.getByTestId('billing');
    await billing.getByText(/Active, renews on \d\d\.\d\d\.\d{4}/).waitFor();
    expect(await billing.locator('.badge').textContent()).to.equal('Stripe');
    expect(await page.getByTestId('plan-ended').count()).to.equal(0);

    await billing.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${fake.url}/portal/**`);
    await page.getByRole('link', { name: 'Return to VIP access' }).click();
    await page.waitForURL('**/panel?tab=subscription');
    await page.getByTestId('billing').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('offers Renew on the banner of an ended plan, and renewing restores it at once', async () => {
    const product = browser.product();
    await createSubscriber(product, 'lapsed', 'lapsed-password-1', { planName: 'Basic', days: 5, maxSlots: 1 });
    const adminToken = await tokenOf(product);
    const subscribers = await api<{ subscribers: { id: string; username: string }[] }>(
      product,
      '/api/admin/subscribers',
      {
        token: adminToken,
      },
    );
    const id = subscribers.body.subscribers.find((subscriber) => subscriber.username === 'lapsed')!.id;
    const ended = await api(product, `/api/admin/subscribers/${id}/end`, { token: adminToken, body: {} });
    expect(ended.status).to.equal(200);

    const page = await browser.openPage('/panel?tab=subscription');
    await page.waitForURL('**/login');
    await logIn(page, { username: 'lapsed', password: 'lapsed-password-1' });
    const banner = page.getByTestId('plan-ended');
    await banner.waitFor();
    await page.getByTestId('billing').getByText('Manual (set by an admin)').waitFor();
    await banner.getByRole('link', { name: 'Renew' }).click();
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByRole('button', { name: 'Pay €7.00' }).click();
    await page.waitForURL('**/panel?tab=subscription&checkout=done');
    await page
      .getByTestId('billing')
      .getByText(/Active, renews on/)
      .waitFor();
    expect(await page.getByTestId('plan-ended').count()).to.equal(0);
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('shows admins each subscriber’s billing beside the plan, and the plans sold in the statistics', async () => {
    const page = await browser.openPage('/admin/subscribers');
    await page.waitForURL('**/login');
    await logIn(page);
    const row = (username: string) => page.locator(`[data-subscriber="${username}"]`);
    await row('buyer')
      .getByTestId('subscriber-billing')
      .getByText(/Active, renews on/)
      .waitFor();
    expect(await row('buyer').getByTestId('subscriber-billing').locator('.badge').textContent()).to.equal('Stripe');
    await page.goto(browser.url('/admin/statistics'));
    const business = page.locator('tr[data-plan="Business"]');
    await business.waitFor();
    expect(await business.locator('[data-stat="billing.paying"]').textContent()).to.equal('1');
    expect(await business.locator('[data-stat="billing.thisMonth"]').textContent()).to.equal('€15.00');
    expect(await page.locator('tr[data-plan="Basic"] [data-stat="billing.thisMonth"]').textContent()).to.equal('€7.00');
    // the month as an accountant reads it: paid, refunded, disputed and net, with Stripe's fees as read
    const month = new Date().toISOString().slice(0, 7);
    const revenue = page.getByRole('table', { name: 'Revenue by month' });
    expect(
      await revenue.locator(`tr[data-revenue="${month}|Business"] [data-stat="billing.net"]`).textContent(),
    ).to.equal('€15.00');
    expect(browser.pageErrors).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { billingEnv } from '../../test/support/billing.ts';
import { runCli } from '../../test/support/cli.ts';
import { recurringPrice } from '../../test/support/fake-stripe/billing-api.ts';
import { FakeStripe, PRICES } from '../../test/support/fake-stripe/fake-stripe.ts';
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
  let env: Record<string, string>;
  // before the product starts: its configuration points at the fake, whose Business plan costs
  // other amounts than the shipped defaults (€15 a month), and is sold by the year too
  before(async () => {
    fake = await FakeStripe.start();
    fake.prices.set(PRICES.Business, recurringPrice(PRICES.Business, 1900, 'month'));
    fake.prices.set('price_business_yearly', recurringPrice('price_business_yearly', 19000, 'year'));
    env = await billingEnv(fake, {
      STRIPE_PRICES: `Basic=${PRICES.Basic},Business=${PRICES.Business},Business:year=price_business_yearly`,
    });
  });
  const browser = useProductInBrowser({ env: () => env });
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
    await page.getByRole('button', { name: 'Pay €19.00' }).click();

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
    expect(await business.locator('[data-stat="billing.thisMonth"]').textContent()).to.equal('€19.00');
    expect(await page.locator('tr[data-plan="Basic"] [data-stat="billing.thisMonth"]').textContent()).to.equal('€7.00');
    // the month as an accountant reads it: paid, refunded, disputed and net, with Stripe's fees as read
    const month = new Date().toISOString().slice(0, 7);
    const revenue = page.getByRole('table', { name: 'Revenue by month' });
    expect(
      await revenue.locator(`tr[data-revenue="${month}|Business"] [data-stat="billing.net"]`).textContent(),
    ).to.equal('€19.00');

    // ending a plan Stripe bills: the admin chooses when Stripe stops
    await page.goto(browser.url('/admin/subscribers'));
    await row('buyer').getByRole('button', { name: 'End the plan of buyer' }).click();
    await row('buyer').getByRole('button', { name: 'End now, cancel in Stripe' }).waitFor();
    await row('buyer').getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByText('Stripe stops billing at the end of the paid period; the plan ends then').waitFor();
    const billed = [...fake.subscriptions.values()].find((subscription) => subscription.priceId === PRICES.Business)!;
    expect(billed).to.include({ status: 'active', cancelAtPeriodEnd: true });
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('shows Stripe’s amounts on the pricing page, switches to yearly prices with the saving, and checks out by the year', async () => {
    const page = await browser.openPage('/features#pricing');
    const card = (plan: string) => page.locator('.price-card', { has: page.getByRole('heading', { name: plan }) });
    await card('Business').locator('.price-amount', { hasText: '€19.00' }).waitFor();
    expect(await card('Basic').locator('.price').textContent()).to.equal('€7.00 / month');
    expect(await card('Business').locator('.price').textContent()).to.equal('€19.00 / month');
    // Premium is not sold online: an admin sells it at the shipped price
    expect(await card('Premium').locator('.price').textContent()).to.equal('€10 / month');

    await page.getByRole('button', { name: 'Yearly (save up to 16%)' }).click();
    await card('Business').locator('.price-amount', { hasText: '€190.00' }).waitFor();
    expect(await card('Business').locator('.price').textContent()).to.equal('€190.00 / year');
    expect(await card('Business').locator('.price-saving').textContent()).to.equal('Save 16%');
    // not sold by the year: still its monthly price
    expect(await card('Basic').locator('.price').textContent()).to.equal('€7.00 / month');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await card('Business').locator('.price-amount', { hasText: '€19.00' }).waitFor();
    await page.getByRole('button', { name: /Yearly/ }).click();

    await card('Business').getByRole('link', { name: 'Get Business' }).click();
    await page.waitForURL('**/login');
    await runCli('src/cli/user.ts', ['create', 'yearly', '--password', 'yearly-password-1'], {
      DATA_DIR: browser.product().dataDir,
    });
    await logIn(page, { username: 'yearly', password: 'yearly-password-1' });
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByText('€190.00 per year').waitFor();
    expect(browser.pageErrors).to.deep.equal([]);
  });

  it('offers the portal to a buyer who already pays, instead of a second checkout', async () => {
    const page = await browser.openPage('/buy/basic');
    await page.waitForURL('**/login');
    await logIn(page, { username: 'buyer', password: 'buyer-password-1' });
    await page.getByRole('alert').getByText('You already pay for a plan').waitFor();
    await page.getByRole('link', { name: 'Manage billing' }).click();
    await page.waitForURL(`${fake.url}/portal/**`);
    expect(browser.pageErrors).to.deep.equal([]);
  });
});

import { billingTexts, errorCodes, type SiteSettings } from '@vip/contracts';
import { loadConfig, withStripePrices } from '@vip/platform';
import { expect } from 'chai';
import { ADMIN, removeDataDir, startAllInOne } from '../support/all-in-one.ts';
import { billingEnv, newUser, panelOf, useBillingProduct } from '../support/billing.ts';
import { recurringPrice } from '../support/fake-stripe/billing-api.ts';
import { FakeStripe, PRICES } from '../support/fake-stripe/fake-stripe.ts';
import { api, login } from '../support/http.ts';

const YEARLY = { Business: 'price_business_yearly' } as const;

/**
 * Prices shown are Stripe's (#27): each configured price is read at start and refused when it
 * cannot be sold as STRIPE_PRICES says; the amounts Stripe charges are what the site states;
 * and what buyers expect at checkout: yearly prices, promotion codes, a first-time trial, tax.
 */
describe('billing: Stripe’s prices, read at start', function () {
  this.timeout(120_000);
  let fake: FakeStripe;
  before(async () => {
    fake = await FakeStripe.start();
  });
  after(() => fake.close());

  const configWith = (prices: string) =>
    loadConfig({
      PUBLIC_URL: 'http://127.0.0.1:1',
      STRIPE_SECRET_KEY: 'sk_test_fake_stripe_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      STRIPE_API_URL: fake.url,
      STRIPE_PRICES: prices,
    });
  const refusalOf = async (prices: string) => {
    try {
      await withStripePrices(configWith(prices));
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted ${prices}`);
  };

  it('reads what each price charges, monthly and yearly', async () => {
    fake.prices.set('price_basic_yearly_ok', recurringPrice('price_basic_yearly_ok', 7000, 'year'));
    const config = await withStripePrices(configWith(`Basic=${PRICES.Basic},Basic:year=price_basic_yearly_ok`));
    expect(config.billing!.offers).to.deep.equal([
      { plan: 'Basic', interval: 'month', amount: 700, currency: 'eur' },
      { plan: 'Basic', interval: 'year', amount: 7000, currency: 'eur' },
    ]);
  });

  it('refuses a price Stripe does not know, an inactive, one-time or tiered one, or one of another interval, naming STRIPE_PRICES', async () => {
    fake.prices.set('price_archived', { ...recurringPrice('price_archived', 700, 'month'), active: false });
    fake.prices.set('price_once', { ...recurringPrice('price_once', 700, 'month'), type: 'one_time', recurring: null });
    fake.prices.set('price_tiered', { ...recurringPrice('price_tiered', 700, 'month'), unit_amount: null });
    fake.prices.set('price_every_3_months', {
      ...recurringPrice('price_every_3_months', 2000, 'month'),
      recurring: { interval: 'month', interval_count: 3 },
    });
    const refused: [string, string][] = [
      ['Basic=price_nobody_made', 'is no price of this Stripe account'],
      ['Basic=price_archived', 'not active'],
      ['Basic=price_once', 'one-time'],
      ['Basic=price_tiered', 'no fixed amount'],
      [`Basic:year=${PRICES.Basic}`, 'not every year'],
      ['Basic=price_every_3_months', 'every 3 month'],
    ];
    for (const [prices, why] of refused) {
      const message = await refusalOf(prices);
      expect(message, prices).to.contain('STRIPE_PRICES').and.contain(prices).and.contain(why);
    }
  });

  it('stops the product’s start on such a price, saying why', async () => {
    const env = await billingEnv(fake, { STRIPE_PRICES: `Basic=${PRICES.Basic},Business=price_nobody_made` });
    const started = await startAllInOne({ env }).then(
      async (product) => {
        await product.stop();
        removeDataDir(product.dataDir);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(started).to.contain('exited with 1').and.contain('STRIPE_PRICES: Business=price_nobody_made');
    // the operator reads the message alone, no stack trace
    expect(started).to.not.contain('readStripePrices');
  });
});

describe('billing: yearly prices, promotion codes, a first-time trial and tax at checkout', function () {
  this.timeout(180_000);
  // Stripe charges other amounts than the shipped defaults (Business €15 a month)
  const world = useBillingProduct(
    {
      STRIPE_PRICES: `Basic=${PRICES.Basic},Business=${PRICES.Business},Business:year=${YEARLY.Business}`,
      BILLING_PROMOTION_CODES: 'false',
      BILLING_TRIAL_DAYS: '14',
      STRIPE_AUTOMATIC_TAX: 'true',
    },
    (fake) => {
      fake.prices.set(PRICES.Business, recurringPrice(PRICES.Business, 1900, 'month'));
      fake.prices.set(YEARLY.Business, recurringPrice(YEARLY.Business, 19000, 'year'));
    },
  );
  const lastCheckout = () => world.fake.calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1)!.form;

  it('states Stripe’s amounts, never the shipped defaults, with the trial days', async () => {
    const site = await api<SiteSettings>(world.product.url, 'GET', '/api/site');
    expect(site.body.billing).to.deep.equal({
      plans: ['Basic', 'Business'],
      offers: [
        { plan: 'Basic', interval: 'month', amount: 700, currency: 'eur' },
        { plan: 'Business', interval: 'month', amount: 1900, currency: 'eur' },
        { plan: 'Business', interval: 'year', amount: 19000, currency: 'eur' },
      ],
      graceDays: 3,
      trialDays: 14,
    });
  });

  it('opens a yearly checkout on the yearly price, with a first-time buyer’s trial, tax and no promotion codes', async () => {
    const { token } = await newUser(world.product, 'yearly');
    const opened = await api(world.product.url, 'POST', '/api/billing/checkout', {
      token,
      body: { plan: 'Business', interval: 'year' },
    });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(200);
    const form = lastCheckout();
    expect(form.line_items).to.deep.equal({ 0: { price: YEARLY.Business, quantity: '1' } });
    expect(form.subscription_data).to.deep.include({ trial_period_days: '14' });
    expect(form.allow_promotion_codes).to.equal(undefined);
    expect(form).to.deep.include({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
    });
  });

  it('a trial paid for nothing shows "Trial until …" on the panel, and the first charged period ends it', async () => {
    const { token } = await newUser(world.product, 'trying');
    const opened = await api(world.product.url, 'POST', '/api/billing/checkout', {
      token,
      body: { plan: 'Business' },
    });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(200);
    const { session, subscription } = await world.fake.pay(/\/checkout\/(cs_\w+)$/.exec(opened.body.url)![1]);
    const trialEnd = world.fake.subscriptions.get(subscription)!.periodEnd;
    const trialing = await panelOf(world.product, token);
    expect(trialing.billing).to.deep.include({
      kind: 'stripe',
      status: 'active',
      trialUntil: new Date(trialEnd * 1000).toISOString(),
    });
    expect(trialing.active).to.equal(true);
    const { invoice } = world.fake.paidPeriod({
      customer: session.customer,
      subscription,
      userId: session.metadata.userId,
      priceId: PRICES.Business,
      start: trialEnd,
    });
    expect((await world.fake.deliver(world.fake.event('invoice.paid', invoice))).status).to.equal(200);
    expect((await panelOf(world.product, token)).billing).to.deep.include({ status: 'active', trialUntil: null });
  });

  it('gives no trial to someone who had a plan', async () => {
    const adminToken = await login(world.product.url, ADMIN.username, ADMIN.password);
    const created = await api(world.product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'had-one', password: 'had-one-password-1', planName: 'Basic', days: 1 },
    });
    expect(created.status).to.equal(201);
    const token = await login(world.product.url, 'had-one', 'had-one-password-1');
    const opened = await api(world.product.url, 'POST', '/api/billing/checkout', { token, body: { plan: 'Basic' } });
    expect(opened.status).to.equal(200);
    const form = lastCheckout();
    expect(form.line_items).to.deep.equal({ 0: { price: PRICES.Basic, quantity: '1' } });
    expect(form.subscription_data).to.not.have.property('trial_period_days');
  });

  it('answers 400 for a plan not sold by the year, and for an interval that is neither', async () => {
    const adminToken = await login(world.product.url, ADMIN.username, ADMIN.password);
    await api(world.product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'picky', password: 'picky-password-1', planName: 'Basic', days: 1 },
    });
    const token = await login(world.product.url, 'picky', 'picky-password-1');
    const sessions = world.fake.sessions.size;
    const basicYearly = await api(world.product.url, 'POST', '/api/billing/checkout', {
      token,
      body: { plan: 'basic', interval: 'year' },
    });
    expect([basicYearly.status, basicYearly.body]).to.deep.equal([
      400,
      { error: billingTexts.notForSaleYearly('Basic'), code: errorCodes.notForSale },
    ]);
    const weekly = await api(world.product.url, 'POST', '/api/billing/checkout', {
      token,
      body: { plan: 'Business', interval: 'week' },
    });
    expect(weekly.status).to.equal(400);
    expect(weekly.body.error).to.equal(billingTexts.unknownInterval);
    expect(world.fake.sessions.size).to.equal(sessions);
  });
});

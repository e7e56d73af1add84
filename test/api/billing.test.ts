import {
  type AdminStatsResponse,
  billingTexts,
  errorCodes,
  planTexts,
  type SiteSettings,
  type SubscribersResponse,
} from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { buyer, newUser, panelOf, planEventTypes, useBillingProduct } from '../support/billing.ts';
import { FAKE_STRIPE_KEY, PRICES } from '../support/fake-stripe/fake-stripe.ts';
import { api, login } from '../support/http.ts';
import { allEvents } from '../support/seed.ts';

/**
 * Buying and managing a plan over real HTTP (#22): checkout and the customer portal on the
 * fake Stripe, manual plans beside them, what admins and the statistics see, and the
 * configuration that switches it all on.
 */
describe('billing: checkout, portal, admins and statistics', function () {
  this.timeout(120_000);
  const world = useBillingProduct();

  describe('site settings', () => {
    it('tells every page which plans are sold online, and nothing secret', async () => {
      const site = await api<SiteSettings>(world.product.url, 'GET', '/api/site');
      expect(site.body.billing).to.deep.equal({
        plans: ['Basic', 'Business'],
        offers: [
          { plan: 'Basic', interval: 'month', amount: 700, currency: 'eur' },
          { plan: 'Business', interval: 'month', amount: 1500, currency: 'eur' },
        ],
        graceDays: 3,
        trialDays: 0,
      });
      expect(JSON.stringify(site.body)).to.not.contain('sk_test').and.not.contain('whsec_');
    });
  });

  describe('checkout', () => {
    it('answers 401 without a session', async () => {
      const answer = await api(world.product.url, 'POST', '/api/billing/checkout', { body: { plan: 'Basic' } });
      expect(answer.status).to.equal(401);
    });

    it('answers 400 for a plan without a price, or no plan at all', async () => {
      const { token } = await newUser(world.product, 'nopricer');
      const sessions = world.fake.sessions.size;
      const premium = await api(world.product.url, 'POST', '/api/billing/checkout', {
        token,
        body: { plan: 'Premium' },
      });
      expect(premium.status).to.equal(400);
      expect(premium.body).to.deep.equal({ error: billingTexts.notForSale('Premium'), code: errorCodes.notForSale });
      const unknown = await api(world.product.url, 'POST', '/api/billing/checkout', { token, body: { plan: 'Gold' } });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.error).to.equal(planTexts.unknownPlan);
      expect(world.fake.sessions.size).to.equal(sessions);
    });

    it('opens a Checkout Session in subscription mode for the plan’s price, for the caller’s own customer', async () => {
      const { id, token } = await newUser(world.product, 'shopper');
      const first = await api(world.product.url, 'POST', '/api/billing/checkout', {
        token,
        body: { plan: 'business' },
      });
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(Object.keys(first.body)).to.deep.equal(['url']);
      expect(first.body.url).to.match(new RegExp(`^${world.fake.url}/checkout/cs_test_\\w+$`));
      const session = [...world.fake.sessions.values()].at(-1)!;
      expect(session).to.deep.include({
        mode: 'subscription',
        client_reference_id: id,
        line_items: [{ price: PRICES.Business, quantity: '1' }],
        metadata: { userId: id, plan: 'Business', interval: 'month' },
        success_url: `${world.product.url}/panel?tab=subscription&checkout=done`,
        cancel_url: `${world.product.url}/features#pricing`,
      });
      expect(world.fake.customers.get(session.customer)?.metadata).to.include({ userId: id, username: 'shopper' });
      // promotion codes by default; no trial, no tax unless configured
      const form = world.fake.calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1)!.form;
      expect(form.allow_promotion_codes).to.equal('true');
      expect(form.subscription_data).to.not.have.property('trial_period_days');
      expect(form).to.not.have.property('automatic_tax');
      expect(world.fake.calls.every((call) => call.authorization === `Bearer ${FAKE_STRIPE_KEY}`)).to.equal(true);
      // an abandoned checkout and a second try: the same Stripe customer
      const second = await api(world.product.url, 'POST', '/api/billing/checkout', { token, body: { plan: 'Basic' } });
      expect(second.status).to.equal(200);
      expect([...world.fake.sessions.values()].at(-1)!.customer).to.equal(session.customer);
      // one open checkout page per buyer: the abandoned one is expired
      expect(world.fake.sessions.get(session.id)!.status).to.equal('expired');
      expect(await planEventTypes(world.product, id)).to.deep.equal(['BillingCustomerCreated']);
    });

    it('refuses a second subscription while one runs: plans change in the portal', async () => {
      const { token } = await buyer(world, 'twice');
      const again = await api(world.product.url, 'POST', '/api/billing/checkout', { token, body: { plan: 'Basic' } });
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.include({ error: billingTexts.alreadyBilled, code: errorCodes.alreadyBilled });
      expect(again.body.portalUrl).to.match(new RegExp(`^${world.fake.url}/portal/bps_`));
    });
  });

  describe('portal', () => {
    it('answers 401 without a session, and 404 before the first checkout', async () => {
      expect((await api(world.product.url, 'POST', '/api/billing/portal')).status).to.equal(401);
      const { token } = await newUser(world.product, 'browser');
      const none = await api(world.product.url, 'POST', '/api/billing/portal', { token });
      expect(none.status).to.equal(404);
      expect(none.body.code).to.equal(errorCodes.noBillingAccount);
    });

    it("answers the customer portal of the caller's own customer, back to the Subscription tab", async () => {
      const owner = await buyer(world, 'manager');
      const portal = await api(world.product.url, 'POST', '/api/billing/portal', { token: owner.token });
      expect(portal.status, JSON.stringify(portal.body)).to.equal(200);
      expect(portal.body.url).to.match(new RegExp(`^${world.fake.url}/portal/bps_`));
      const call = world.fake.calls.filter((c) => c.path === '/v1/billing_portal/sessions').at(-1)!;
      expect(call.form).to.deep.equal({
        customer: owner.customer,
        return_url: `${world.product.url}/panel?tab=subscription`,
      });
    });
  });

  describe('admins and statistics', () => {
    it('admins see each subscriber’s billing beside the plan; a manual plan still works and says it is manual', async () => {
      const adminToken = await login(world.product.url, ADMIN.username, ADMIN.password);
      const manual = await api(world.product.url, 'POST', '/api/admin/subscribers', {
        token: adminToken,
        body: { username: 'by-hand', password: 'by-hand-password-1', planName: 'Premium', days: 30 },
      });
      expect(manual.status).to.equal(201);
      const paying = await buyer(world, 'paying', 'Basic');
      const list = await api<SubscribersResponse>(world.product.url, 'GET', '/api/admin/subscribers', {
        token: adminToken,
      });
      const row = (username: string) => list.body.subscribers.find((subscriber) => subscriber.username === username)!;
      expect(row('by-hand')).to.include({ planName: 'Premium', active: true });
      expect(row('by-hand').billing).to.deep.equal({ kind: 'manual' });
      expect(row('paying')).to.include({ planName: 'Basic', active: true });
      expect(row('paying').billing).to.include({ kind: 'stripe', status: 'active' });
      const panel = await panelOf(world.product, await login(world.product.url, 'by-hand', 'by-hand-password-1'));
      expect(panel.billing).to.deep.equal({ kind: 'manual' });
      // the admin still extends a plan Stripe bills: an admin's days are never taken away by a payment
      const extended = await api(world.product.url, 'POST', `/api/admin/subscribers/${paying.id}/extend`, {
        token: adminToken,
        body: { days: 10 },
      });
      expect(extended.status).to.equal(200);
      expect(Date.parse(extended.body.subscription.expiresAt) - Date.now()).to.be.above(42 * 86_400_000);
    });

    it('the statistics count paying subscribers and this month’s revenue per plan, from the events', async () => {
      const adminToken = await login(world.product.url, ADMIN.username, ADMIN.password);
      const stats = await api<AdminStatsResponse>(world.product.url, 'GET', '/api/admin/stats', { token: adminToken });
      expect(stats.status).to.equal(200);
      const { billing } = stats.body;
      expect(billing.month).to.equal(new Date().toISOString().slice(0, 7));
      const byPlan = Object.fromEntries(billing.plans.map((plan) => [plan.planName, plan]));
      // bought above: twice and manager on Business, paying on Basic; by-hand is manual, not paying
      expect(byPlan.Business.payingSubscribers).to.equal(2);
      expect(byPlan.Business.thisMonth).to.deep.equal([{ currency: 'eur', amount: 3000 }]);
      expect(byPlan.Basic).to.deep.include({ payingSubscribers: 1, thisMonth: [{ currency: 'eur', amount: 700 }] });
      expect(byPlan.Premium).to.deep.include({ payingSubscribers: 0, thisMonth: [] });
    });
  });
});

describe('billing: off without STRIPE_SECRET_KEY', function () {
  this.timeout(60_000);
  let product: SpawnedProduct;
  before(async () => {
    product = await startAllInOne();
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('sells nothing online: no billing in the site settings, 404 for checkout, portal and webhook, nothing appended', async () => {
    const site = await api<SiteSettings>(product.url, 'GET', '/api/site');
    expect(site.body.billing).to.equal(null);
    const { token } = await newUser(product, 'offline');
    const before = (await allEvents(product.dataDir)).length;
    const off = { error: billingTexts.billingOff, code: errorCodes.billingOff };
    const checkout = await api(product.url, 'POST', '/api/billing/checkout', { token, body: { plan: 'Basic' } });
    expect([checkout.status, checkout.body]).to.deep.equal([404, off]);
    const portal = await api(product.url, 'POST', '/api/billing/portal', { token });
    expect([portal.status, portal.body]).to.deep.equal([404, off]);
    const webhook = await api(product.url, 'POST', '/api/billing/webhook', {
      rawBody: '{"id":"evt_1","type":"invoice.paid"}',
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expect([webhook.status, webhook.body]).to.deep.equal([404, off]);
    expect((await allEvents(product.dataDir)).length).to.equal(before);
  });
});

import http from 'node:http';
import { billingTexts, errorCodes, subscriptionTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN } from '../support/all-in-one.ts';
import { pays, useBillingProduct } from '../support/billing.ts';
import type { FakeSubscription } from '../support/fake-stripe/billing-api.ts';
import { PRICES } from '../support/fake-stripe/fake-stripe.ts';
import { api, login } from '../support/http.ts';
import { eventually } from '../support/seed.ts';

/**
 * One subscription per buyer, as Stripe really behaves (#27, #26.9): a customer made once
 * whatever the number of tabs, Stripe's own list of subscriptions asked before a checkout,
 * one open checkout page per buyer, a limit per user, Stripe's refusals told from Stripe
 * down, and Stripe sending buyers back to PUBLIC_URL only.
 */
describe('billing: one subscription per buyer at checkout', function () {
  this.timeout(180_000);
  const world = useBillingProduct({ RATE_LIMIT_CHECKOUTS_PER_MINUTE: '5' });
  let adminToken: string;
  before(async () => {
    adminToken = await login(world.product.url, ADMIN.username, ADMIN.password);
  });

  /** A user (an admin's account, with a manual plan Stripe does not bill), signed in. */
  async function user(username: string): Promise<{ id: string; token: string }> {
    const password = `${username}-password-1`;
    const created = await api(world.product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username, password, planName: 'Basic', days: 1 },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return { id: created.body.id, token: await login(world.product.url, username, password) };
  }
  const checkout = (token: string, plan = 'Business') =>
    api(world.product.url, 'POST', '/api/billing/checkout', { token, body: { plan } });
  const customersOf = (userId: string) =>
    [...world.fake.customers.values()].filter((customer) => customer.metadata.userId === userId);
  const sessionsOf = (customer: string) =>
    [...world.fake.sessions.values()].filter((session) => session.customer === customer);

  it('ten checkouts at once from a new user make one Stripe customer and leave one checkout page open; past 5 a minute, 429', async () => {
    const { id, token } = await user('tabs');
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(token)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    const customers = customersOf(id);
    expect(customers).to.have.length(1);
    const sessions = sessionsOf(customers[0].id);
    expect(sessions).to.have.length(5);
    expect(sessions.filter((session) => session.status === 'open')).to.have.length(1);
    // the page left open is the one the last answer sent the browser to
    const open = sessions.find((session) => session.status === 'open')!;
    expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.url)).to.include(open.url);
  });

  /** A subscription Stripe has for the buyer while its webhooks are still on their way (another tab paid). */
  function atStripe(customer: string, status: FakeSubscription['status']) {
    const id = world.fake.id('sub');
    const now = Math.floor(Date.now() / 1000);
    world.fake.subscriptions.set(id, {
      id,
      customer,
      userId: null,
      priceId: PRICES.Basic,
      status,
      periodStart: now,
      periodEnd: now + 30 * 86_400,
      cancelAtPeriodEnd: false,
    });
    return id;
  }

  it('asks Stripe first: a subscription live there (active, trialing, past due, unpaid, incomplete) refuses the checkout with the portal', async () => {
    for (const [username, statuses] of [
      ['live-a', ['active', 'trialing', 'past_due']],
      ['live-b', ['unpaid', 'incomplete']],
    ] as const) {
      const { id, token } = await user(username);
      expect((await checkout(token)).status).to.equal(200);
      const customer = customersOf(id)[0].id;
      for (const status of statuses) {
        const subscription = atStripe(customer, status);
        const sessions = world.fake.sessions.size;
        const refused = await checkout(token, 'Basic');
        expect(refused.status, status).to.equal(409);
        expect(refused.body).to.deep.include({ error: billingTexts.alreadyBilled, code: errorCodes.alreadyBilled });
        expect(refused.body.portalUrl, status).to.match(new RegExp(`^${world.fake.url}/portal/bps_`));
        expect(world.fake.sessions.size, status).to.equal(sessions);
        world.fake.subscriptions.get(subscription)!.status = 'canceled';
      }
    }
  });

  it('a cancelled or expired subscription at Stripe lets the buyer check out again', async () => {
    const { id, token } = await user('lapsed-at-stripe');
    expect((await checkout(token)).status).to.equal(200);
    const customer = customersOf(id)[0].id;
    atStripe(customer, 'canceled');
    atStripe(customer, 'incomplete_expired');
    const again = await checkout(token);
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
  });

  it('tells a refusal of Stripe’s (4xx: ours to mend, logged with Stripe’s words) from Stripe down (503, Retry-After)', async () => {
    const { token } = await user('unlucky');
    world.fake.refusals.push({
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      status: 400,
      type: 'invalid_request_error',
      message: 'No such price: price_archived_by_hand',
      times: 1,
    });
    const refused = await checkout(token);
    expect(refused.status).to.equal(502);
    expect(refused.body).to.deep.equal({ error: billingTexts.stripeRefused, code: errorCodes.stripeRefused });
    // the product's log line reaches this process through a pipe
    await eventually(
      async () => world.product.output().includes('No such price: price_archived_by_hand'),
      10_000,
      "Stripe's message in the log",
    );

    world.fake.refusals.push({
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      status: 500,
      type: 'api_error',
      message: 'Something went wrong on our end',
      times: 10,
    });
    const down = await checkout(token);
    world.fake.refusals.length = 0;
    expect(down.status).to.equal(503);
    expect(down.headers.get('retry-after')).to.equal('30');
    expect(down.body).to.deep.equal({ error: billingTexts.stripeUnreachable, code: errorCodes.stripeUnreachable });
    expect((await checkout(token)).status).to.equal(200);
  });

  /** A request whose Host header names another site. */
  function withHost(path: string, token: string, body: unknown, host: string) {
    const url = new URL(path, world.product.url);
    const text = JSON.stringify(body);
    return new Promise<{ status: number; body: any }>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (response) => {
          let data = '';
          response.on('data', (chunk) => (data += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(data) }));
        },
      );
      request.on('error', reject);
      request.end(text);
    });
  }

  it('sends the buyer back to PUBLIC_URL, never to the address a request’s Host header names', async () => {
    const { token } = await user('hosted');
    const opened = await withHost('/api/billing/checkout', token, { plan: 'Basic' }, 'evil.example');
    expect(opened.status, JSON.stringify(opened.body)).to.equal(200);
    const session = [...world.fake.sessions.values()].at(-1)!;
    expect(session.success_url).to.equal(`${world.product.url}/panel?tab=subscription&checkout=done`);
    expect(session.cancel_url).to.equal(`${world.product.url}/features#pricing`);
    const portal = await withHost('/api/billing/portal', token, {}, 'evil.example');
    expect(portal.status).to.equal(200);
    const call = world.fake.calls.filter((c) => c.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(call.form.return_url).to.equal(`${world.product.url}/panel?tab=subscription`);
  });

  describe('an admin’s End of a plan Stripe bills', () => {
    const end = (id: string, body?: unknown) =>
      api(world.product.url, 'POST', `/api/admin/subscribers/${id}/end`, { token: adminToken, body });

    it('cancels the Stripe subscription at once and ends the plan (the default)', async () => {
      const { id, token } = await user('ended-now');
      const { subscription } = await pays(world, token, 'Basic');
      const ended = await end(id);
      expect(ended.status, JSON.stringify(ended.body)).to.equal(200);
      expect(ended.body.subscription.active).to.equal(false);
      expect(world.fake.subscriptions.get(subscription)!.status).to.equal('canceled');
    });

    it('or lets Stripe stop at the end of the paid period, the plan running until then', async () => {
      const { id, token } = await user('ended-later');
      const { subscription } = await pays(world, token, 'Basic');
      const ended = await end(id, { stripe: 'periodEnd' });
      expect(ended.status, JSON.stringify(ended.body)).to.equal(200);
      expect(ended.body.subscription.active).to.equal(true);
      expect(world.fake.subscriptions.get(subscription)).to.include({ status: 'active', cancelAtPeriodEnd: true });
      expect((await end(id, { stripe: 'someday' })).body.error).to.equal(subscriptionTexts.stripeEndChoice);
    });

    it('ends nothing while Stripe is down: the subscription would go on charging', async () => {
      const { id, token } = await user('ended-down');
      const { subscription } = await pays(world, token, 'Basic');
      world.fake.refusals.push({
        method: 'DELETE',
        path: /^\/v1\/subscriptions\//,
        status: 503,
        type: 'api_error',
        message: 'Stripe is down',
        times: 10,
      });
      const refused = await end(id);
      world.fake.refusals.length = 0;
      expect(refused.status).to.equal(503);
      expect(world.fake.subscriptions.get(subscription)!.status).to.equal('active');
      const list = await api(world.product.url, 'GET', '/api/admin/subscribers', { token: adminToken });
      const row = list.body.subscribers.find((subscriber: { id: string }) => subscriber.id === id);
      expect(row.active).to.equal(true);
    });
  });
});

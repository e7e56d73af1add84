import { seconds, subscriptionObject } from './objects.ts';

/**
 * The parts of Stripe's API that keep a buyer to one subscription and show Stripe's prices
 * (#27): prices, customers made with an idempotency key, a customer's subscriptions and open
 * Checkout Sessions, expiring one, cancelling a subscription; and refusals a test asks for
 * (a 4xx of ours, Stripe down).
 */

export interface FakePrice {
  id: string;
  unit_amount: number | null;
  currency: string;
  active: boolean;
  type: 'recurring' | 'one_time';
  recurring: { interval: 'month' | 'year' | 'week' | 'day'; interval_count: number } | null;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  userId: string | null;
  priceId: string;
  status: 'active' | 'trialing' | 'past_due' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'canceled';
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
}

/** A refusal the fake answers instead of the call, as many times as asked (Stripe's own retries count). */
export interface FakeRefusal {
  method: string;
  path: RegExp;
  status: number;
  type: string;
  message: string;
  times: number;
}

type Send = (status: number, body: unknown) => void;

export interface BillingApiState {
  url: string;
  prices: Map<string, FakePrice>;
  customers: Map<string, { id: string; metadata: Record<string, string>; email?: string | null }>;
  sessions: Map<string, { id: string; customer: string; status: string; url: string }>;
  subscriptions: Map<string, FakeSubscription>;
  refusals: FakeRefusal[];
  id(prefix: string): string;
}

/** A monthly or yearly recurring price, as Stripe answers it. */
export function recurringPrice(id: string, amount: number, interval: 'month' | 'year', currency = 'eur'): FakePrice {
  return {
    id,
    unit_amount: amount,
    currency,
    active: true,
    type: 'recurring',
    recurring: { interval, interval_count: 1 },
  };
}

const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });

export function subscriptionOf(subscription: FakeSubscription) {
  return {
    ...subscriptionObject({
      id: subscription.id,
      customer: subscription.customer,
      userId: subscription.userId,
      priceId: subscription.priceId,
      periodStart: subscription.periodStart,
      periodEnd: subscription.periodEnd,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      cancelAt: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
    }),
  };
}

/** The refusal asked for this call, counted; undefined when the call goes on. */
export function refusalFor(state: BillingApiState, method: string, path: string): FakeRefusal | undefined {
  const refusal = state.refusals.find((r) => r.times > 0 && r.method === method && r.path.test(path));
  if (refusal) refusal.times -= 1;
  return refusal;
}

/** Answers the calls this file knows; false for the others (fake-stripe.ts answers them). */
export function billingApi(
  state: BillingApiState,
  method: string,
  path: string,
  form: Record<string, unknown>,
  send: Send,
): boolean {
  const missing = () => {
    send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });
    return true;
  };
  const price = /^\/v1\/prices\/(\w+)$/.exec(path);
  if (method === 'GET' && price) {
    const found = state.prices.get(price[1]);
    if (!found) return missing();
    send(200, { ...found, object: 'price', billing_scheme: 'per_unit', livemode: false, product: 'prod_plan' });
    return true;
  }
  if (method === 'POST' && path === '/v1/customers') {
    const customer = {
      id: state.id('cus'),
      metadata: (form.metadata ?? {}) as Record<string, string>,
      email: (form.email as string | undefined) ?? null,
    };
    state.customers.set(customer.id, customer);
    send(200, { ...customer, object: 'customer', created: seconds(Date.now()), livemode: false });
    return true;
  }
  if (method === 'GET' && path === '/v1/subscriptions') {
    const status = String(form.status ?? 'active');
    const found = [...state.subscriptions.values()].filter(
      (s) =>
        s.customer === form.customer &&
        (status === 'all'
          ? true
          : status === 'active'
            ? s.status === 'active' || s.status === 'trialing'
            : s.status === status),
    );
    send(200, list('/v1/subscriptions', found.map(subscriptionOf)));
    return true;
  }
  const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
  if (subscription && (method === 'DELETE' || method === 'POST')) {
    const found = state.subscriptions.get(subscription[1]);
    if (!found) return missing();
    if (method === 'DELETE') found.status = 'canceled';
    else if (form.cancel_at_period_end !== undefined) found.cancelAtPeriodEnd = form.cancel_at_period_end === 'true';
    send(200, subscriptionOf(found));
    return true;
  }
  if (method === 'GET' && path === '/v1/checkout/sessions') {
    const found = [...state.sessions.values()].filter(
      (s) => (!form.customer || s.customer === form.customer) && (!form.status || s.status === form.status),
    );
    send(
      200,
      list(
        '/v1/checkout/sessions',
        found.map((s) => ({ ...s, object: 'checkout.session' })),
      ),
    );
    return true;
  }
  const expire = /^\/v1\/checkout\/sessions\/(cs_\w+)\/expire$/.exec(path);
  if (method === 'POST' && expire) {
    const found = state.sessions.get(expire[1]);
    if (!found) return missing();
    if (found.status !== 'open') {
      send(400, { error: { type: 'invalid_request_error', message: `Session is ${found.status}, not open` } });
      return true;
    }
    found.status = 'expired';
    send(200, { ...found, object: 'checkout.session' });
    return true;
  }
  return false;
}

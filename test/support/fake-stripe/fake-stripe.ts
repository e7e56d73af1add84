import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  billingApi,
  type FakePrice,
  type FakeRefusal,
  type FakeSubscription,
  recurringPrice,
  refusalFor,
} from './billing-api.ts';
import { StripeMoney } from './invoice-payments.ts';
import { chargeObject, disputeObject, eventObject, invoiceObject, seconds, subscriptionObject } from './objects.ts';
import { checkoutPage, portalPage } from './pages.ts';

export const FAKE_STRIPE_KEY = 'sk_test_fake_stripe_key';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_stripe_webhook_secret';
export const PRICES = { Basic: 'price_basic_monthly', Business: 'price_business_monthly' } as const;
/** What each price costs a month, in cents. */
export const PRICE_AMOUNTS: Record<string, number> = { [PRICES.Basic]: 700, [PRICES.Business]: 1500 };
const DAY = 86_400;

/** A call the product made to the fake's API, with its form body decoded. */
export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, unknown>;
  authorization: string | undefined;
}

export interface CheckoutSession {
  id: string;
  url: string;
  mode: string;
  customer: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  subscription_data: { metadata?: Record<string, string>; trial_period_days?: string };
  line_items: Array<{ price: string; quantity: string }>;
  subscription: string | null;
  status: 'open' | 'complete' | 'expired';
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  body: unknown;
}

/** The product's env that points its `stripe` client and webhook secret at this fake. */
export function stripeEnv(fake: FakeStripe, extra: Record<string, string> = {}): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICES: `Basic=${PRICES.Basic},Business=${PRICES.Business}`,
    STRIPE_API_URL: fake.url,
    ...extra,
  };
}

/** Stripe's form encoding (`line_items[0][price]=…`) back into objects. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root as Record<string, unknown>;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const listOf = (value: unknown) => Object.values((value ?? {}) as Record<string, unknown>);

/**
 * A small Stripe for tests, as the fake Discord is for the bots: the API calls the product
 * makes (customers, Checkout Sessions, portal sessions, a charge), with the official `stripe`
 * client pointed at it through STRIPE_API_URL; a checkout page a browser pays on, which
 * delivers the signed webhooks Stripe would and sends the browser back; and events signed
 * like Stripe's (`generateTestHeaderString`) for tests to deliver themselves.
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly deliveries: Delivery[] = [];
  readonly customers = new Map<string, { id: string; metadata: Record<string, string>; email?: string | null }>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly charges = new Map<string, ReturnType<typeof chargeObject>>();
  /** Invoices, invoice payments, cancellations; a slow or failing Stripe (invoice-payments.ts). */
  readonly money = new StripeMoney();
  /** The account's prices (the config's two monthly ones at first); a test changes them before the product starts. */
  readonly prices = new Map<string, FakePrice>(
    Object.values(PRICES).map((id) => [id, recurringPrice(id, PRICE_AMOUNTS[id], 'month')]),
  );
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Calls to answer with an error instead (see billing-api.ts). */
  readonly refusals: FakeRefusal[] = [];
  /** Stripe's idempotency: a POST repeated with the same Idempotency-Key gets the first answer again. */
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Where Stripe sends events: the product's webhook endpoint. */
  webhookUrl: string | null = null;
  private readonly signer = new Stripe(FAKE_STRIPE_KEY);
  private server!: http.Server;
  private ids = 0;
  url = '';

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.server = http.createServer((request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  id(prefix: string): string {
    return `${prefix}_${(++this.ids).toString(36).padStart(8, '0')}`;
  }

  /** An event as Stripe wraps it; `created` (Unix seconds) defaults to now. */
  event(type: string, object: object, created = seconds(Date.now())) {
    return eventObject(this.id('evt'), type, object, created);
  }

  /** A Stripe-Signature header for this payload (Stripe signs the bytes it sends). */
  sign(payload: string, secret = FAKE_WEBHOOK_SECRET): string {
    return this.signer.webhooks.generateTestHeaderString({ payload, secret });
  }

  /** Delivers an event to the product as Stripe does: JSON, signed with the endpoint's secret (or not). */
  async deliver(
    event: { id: string; type: string },
    options: { secret?: string; signature?: string | null; payload?: string } = {},
  ): Promise<Delivery> {
    if (!this.webhookUrl) throw new Error('the fake Stripe does not know where to deliver events');
    const payload = options.payload ?? JSON.stringify(event, null, 2);
    const signature = options.signature === undefined ? this.sign(payload, options.secret) : options.signature;
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (signature !== null) headers['stripe-signature'] = signature;
    const response = await fetch(this.webhookUrl, { method: 'POST', headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    const delivery = { eventId: event.id, type: event.type, status: response.status, body };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** The objects of a paid subscription period, as Stripe makes them when a checkout is paid or renews. */
  paidPeriod(fields: { customer: string; subscription: string; userId: string; priceId: string; start: number }) {
    const amount = this.amountOf(fields.priceId);
    const line = { priceId: fields.priceId, periodStart: fields.start, periodEnd: fields.start + 30 * DAY, amount };
    const invoice = invoiceObject({ id: this.id('in'), status: 'paid', line, ...fields });
    const charge = chargeObject({ id: this.id('ch'), customer: fields.customer, amount });
    this.charges.set(charge.id, charge);
    this.money.paid(invoice, charge);
    return { invoice, charge, line };
  }

  /** What a price charges, in cents. */
  amountOf(priceId: string): number {
    return this.prices.get(priceId)?.unit_amount ?? 1000;
  }

  subscription(fields: Parameters<typeof subscriptionObject>[0]) {
    return subscriptionObject(fields);
  }

  failedInvoice(fields: { customer: string; subscription: string; userId: string; priceId: string; start: number }) {
    const amount = this.amountOf(fields.priceId);
    const line = { priceId: fields.priceId, periodStart: fields.start, periodEnd: fields.start + 30 * DAY, amount };
    return invoiceObject({ id: this.id('in'), status: 'open', line, ...fields });
  }

  dispute(charge: string, amount: number) {
    return disputeObject({ id: this.id('dp'), charge, amount });
  }

  refunded(chargeId: string, amountRefunded: number) {
    const charge = this.charges.get(chargeId)!;
    const updated = { ...charge, amount_refunded: amountRefunded, refunded: amountRefunded >= charge.amount };
    this.charges.set(chargeId, updated);
    return updated;
  }

  /**
   * The checkout page was paid: the subscription, its first invoice and charge exist, and
   * Stripe sends invoice.paid and checkout.session.completed, in that order (Stripe does
   * not promise one), before the browser is sent back.
   */
  async pay(sessionId: string): Promise<{ session: CheckoutSession; subscription: string; charge: string }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`);
    const subscription = this.id('sub');
    const userId = session.subscription_data.metadata?.userId ?? '';
    const priceId = session.line_items[0].price;
    const start = seconds(Date.now());
    const trialDays = Number(session.subscription_data.trial_period_days ?? 0);
    if (trialDays > 0) return this.startTrial(session, { subscription, userId, priceId, start, trialDays });
    this.subscriptions.set(subscription, {
      id: subscription,
      customer: session.customer,
      userId,
      priceId,
      status: 'active',
      periodStart: start,
      periodEnd: start + 30 * DAY,
      cancelAtPeriodEnd: false,
    });
    const { invoice, charge } = this.paidPeriod({
      customer: session.customer,
      subscription,
      userId,
      priceId,
      start,
    });
    session.subscription = subscription;
    session.status = 'complete';
    await this.deliver(this.event('invoice.paid', invoice));
    await this.deliver(
      this.event('checkout.session.completed', { ...session, object: 'checkout.session', payment_status: 'paid' }),
    );
    return { session, subscription, charge: charge.id };
  }

  /** A checkout with a trial: the subscription trials, its first invoice is paid for nothing, no charge. */
  private async startTrial(
    session: CheckoutSession,
    fields: { subscription: string; userId: string; priceId: string; start: number; trialDays: number },
  ) {
    const { subscription, userId, priceId, start } = fields;
    const end = start + fields.trialDays * DAY;
    this.subscriptions.set(subscription, {
      id: subscription,
      customer: session.customer,
      userId,
      priceId,
      status: 'trialing',
      periodStart: start,
      periodEnd: end,
      cancelAtPeriodEnd: false,
    });
    const line = { priceId, periodStart: start, periodEnd: end, amount: 0 };
    const invoice = invoiceObject({
      id: this.id('in'),
      status: 'paid',
      line,
      customer: session.customer,
      subscription,
      userId,
      billingReason: 'subscription_create',
    });
    session.subscription = subscription;
    session.status = 'complete';
    await this.deliver(this.event('invoice.paid', invoice));
    await this.deliver(
      this.event('checkout.session.completed', { ...session, object: 'checkout.session', payment_status: 'paid' }),
    );
    return { session, subscription, charge: '' };
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const { pathname } = new URL(request.url ?? '/', this.url);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const page = (html: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
    };
    try {
      const checkout = /^\/checkout\/(cs_\w+)(\/pay)?$/.exec(pathname);
      if (checkout) {
        const session = this.sessions.get(checkout[1]);
        if (!session) return send(404, { error: 'no such checkout' });
        if (request.method === 'GET') {
          const price = this.prices.get(session.line_items[0].price);
          return page(checkoutPage(session, this.amountOf(session.line_items[0].price), price?.recurring?.interval));
        }
        await this.pay(session.id);
        response.writeHead(303, { location: session.success_url });
        return void response.end();
      }
      const portal = /^\/portal\/(bps_\w+)$/.exec(pathname);
      if (portal) return page(portalPage(new URL(request.url ?? '/', this.url).searchParams.get('return') ?? '/'));
      if (!pathname.startsWith('/v1/'))
        return send(404, { error: { type: 'invalid_request_error', message: 'Unknown path' } });
      // a list's parameters come in the query string, a change's in the body
      const form = { ...parseForm(new URL(request.url ?? '/', this.url).search.slice(1)), ...parseForm(text) };
      this.calls.push({
        method: request.method ?? 'GET',
        path: pathname,
        form,
        authorization: request.headers.authorization,
      });
      if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (this.money.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.money.delayMs));
      const refusal = refusalFor(this, request.method ?? 'GET', pathname);
      if (refusal) return send(refusal.status, { error: { type: refusal.type, message: refusal.message } });
      const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
      const known = typeof key === 'string' ? this.idempotent.get(key) : undefined;
      if (known) return send(known.status, known.body);
      return this.api(request.method ?? 'GET', pathname, form, (status, body) => {
        if (typeof key === 'string') this.idempotent.set(key, { status, body });
        send(status, body);
      });
    } catch (error) {
      send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private api(
    method: string,
    path: string,
    form: Record<string, unknown>,
    send: (status: number, body: unknown) => void,
  ) {
    const missing = () =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });
    if (billingApi(this, method, path, form, send)) return;
    const customer = /^\/v1\/customers\/(\w+)$/.exec(path);
    if (method === 'GET' && customer) {
      const found = this.customers.get(customer[1]);
      return found ? send(200, { ...found, object: 'customer' }) : missing();
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = this.id('cs_test');
      const session: CheckoutSession = {
        id,
        url: `${this.url}/checkout/${id}`,
        mode: String(form.mode),
        customer: String(form.customer),
        client_reference_id: (form.client_reference_id as string | undefined) ?? null,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        metadata: (form.metadata ?? {}) as Record<string, string>,
        subscription_data: (form.subscription_data ?? {}) as CheckoutSession['subscription_data'],
        line_items: listOf(form.line_items) as CheckoutSession['line_items'],
        subscription: null,
        status: 'open',
      };
      if (!this.customers.has(session.customer)) return missing();
      this.sessions.set(id, session);
      return send(200, { ...session, object: 'checkout.session' });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.customers.has(String(form.customer))) return missing();
      const id = this.id('bps');
      const url = `${this.url}/portal/${id}?return=${encodeURIComponent(String(form.return_url))}`;
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url,
      });
    }
    if (this.money.answer(method, path, form, send)) return;
    const charge = /^\/v1\/charges\/(\w+)$/.exec(path);
    if (method === 'GET' && charge) {
      const found = this.charges.get(charge[1]);
      return found ? send(200, found) : missing();
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    });
  }
}

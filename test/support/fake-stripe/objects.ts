/**
 * Stripe objects as the API version the `stripe` package pins sends them (the fields the
 * product reads, and enough around them to look like Stripe's). Amounts in cents, times in
 * Unix seconds, ids with Stripe's prefixes.
 */

export const seconds = (date: Date | string | number) =>
  Math.floor((typeof date === 'number' ? date : new Date(date).getTime()) / 1000);

export interface PlanLine {
  priceId: string;
  /** Unix seconds. */
  periodStart: number;
  periodEnd: number;
  amount: number;
}

export function invoiceObject(fields: {
  id: string;
  customer: string;
  subscription: string | null;
  userId: string | null;
  line: PlanLine;
  currency?: string;
  status: 'paid' | 'open';
  /** Why Stripe made it: a renewal by default, `subscription_create` for a subscription's first. */
  billingReason?: string;
}) {
  const { id, customer, subscription, userId, line, status } = fields;
  const currency = fields.currency ?? 'eur';
  return {
    id,
    object: 'invoice',
    amount_due: line.amount,
    amount_paid: status === 'paid' ? line.amount : 0,
    amount_remaining: status === 'paid' ? 0 : line.amount,
    attempt_count: 1,
    billing_reason: fields.billingReason ?? 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: line.periodStart,
    currency,
    customer,
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${id}`,
          object: 'line_item',
          amount: line.amount,
          currency,
          description: '1 × plan',
          invoice: id,
          metadata: {},
          parent: null,
          period: { start: line.periodStart, end: line.periodEnd },
          pricing: { type: 'price_details', price_details: { price: line.priceId, product: 'prod_plan' } },
          quantity: 1,
          subscription,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    parent: subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription, metadata: userId ? { userId } : {} },
        }
      : null,
    // Stripe's invoice period of a subscription cycle is the previous one: the product reads the line's
    period_end: line.periodStart,
    period_start: line.periodStart,
    status,
    subtotal: line.amount,
    total: line.amount,
  };
}

export function subscriptionObject(fields: {
  id: string;
  customer: string;
  userId: string | null;
  priceId: string;
  periodStart: number;
  periodEnd: number;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
}) {
  const { id, customer, userId, priceId, periodStart, periodEnd } = fields;
  return {
    id,
    object: 'subscription',
    cancel_at: fields.cancelAt ?? null,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: null,
    created: periodStart,
    currency: 'eur',
    customer,
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          current_period_start: periodStart,
          current_period_end: periodEnd,
          price: { id: priceId, object: 'price', currency: 'eur', recurring: { interval: 'month' } },
          quantity: 1,
          subscription: id,
        },
      ],
    },
    livemode: false,
    metadata: userId ? { userId } : {},
    start_date: periodStart,
    status: fields.status ?? 'active',
  };
}

export function chargeObject(fields: {
  id: string;
  customer: string;
  amount: number;
  amountRefunded?: number;
  currency?: string;
}) {
  const refunded = fields.amountRefunded ?? 0;
  return {
    id: fields.id,
    object: 'charge',
    amount: fields.amount,
    amount_captured: fields.amount,
    amount_refunded: refunded,
    captured: true,
    created: seconds(Date.now()),
    currency: fields.currency ?? 'eur',
    customer: fields.customer,
    disputed: false,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: `pi_${fields.id}`,
    // what a card payment carries; the product must not keep any of it
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
    refunded: refunded >= fields.amount,
    status: 'succeeded',
  };
}

export function disputeObject(fields: { id: string; charge: string; amount: number; currency?: string }) {
  return {
    id: fields.id,
    object: 'dispute',
    amount: fields.amount,
    charge: fields.charge,
    created: seconds(Date.now()),
    currency: fields.currency ?? 'eur',
    livemode: false,
    metadata: {},
    payment_intent: null,
    reason: 'fraudulent',
    status: 'needs_response',
  };
}

/** An event as Stripe wraps an object in it. */
export function eventObject(id: string, type: string, object: object, created: number) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

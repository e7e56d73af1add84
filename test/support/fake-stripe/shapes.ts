import type Stripe from 'stripe';
import type {
  ChargeBeforeBasil,
  InvoiceBeforeBasil,
  SubscriptionBeforeBasil,
} from '../../../command-service/src/billing/stripe-shapes.ts';

/**
 * Stripe objects in the two shapes a webhook endpoint sends, typed by the `stripe` package's
 * own types (the fields the product reads and those around them): the API version the
 * package pins, and `2024-06-20`, the version of an endpoint made before `2025-03-31.basil`
 * (its moved fields typed as the product names them in stripe-shapes.ts). A field Stripe
 * renames in a later package fails the typecheck here first.
 */
export const PINNED = '2026-10-28.endive';
export const BEFORE_BASIL = '2024-06-20';
export type ApiShape = typeof PINNED | typeof BEFORE_BASIL;

export interface InvoiceFields {
  id: string;
  customer: string;
  subscription: string;
  userId: string | null;
  priceId: string;
  /** Unix seconds. */
  periodStart: number;
  periodEnd: number;
  amount: number;
  status: 'paid' | 'open' | 'uncollectible';
  currency?: string;
  nextPaymentAttempt?: number | null;
  /** The payment (before basil the invoice names it). */
  charge?: string | null;
  paymentIntent?: string | null;
}

type InvoiceCommon = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'customer'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'period_start'
  | 'period_end'
  | 'status'
  | 'total'
>;
type LineCommon = Pick<Stripe.InvoiceLineItem, 'id' | 'object' | 'amount' | 'currency' | 'description' | 'period'>;
type PriceShown = Pick<Stripe.Price, 'id' | 'object' | 'currency' | 'unit_amount' | 'type' | 'recurring'>;
export type PinnedInvoice = InvoiceCommon &
  Pick<Stripe.Invoice, 'parent'> & {
    lines: { object: 'list'; data: Array<LineCommon & Pick<Stripe.InvoiceLineItem, 'pricing'>>; has_more: boolean };
  };
export type InvoiceBefore2025 = InvoiceCommon &
  InvoiceBeforeBasil & {
    lines: { object: 'list'; data: Array<LineCommon & { price: PriceShown }>; has_more: boolean };
  };

const price = (id: string, amount: number, currency: string): PriceShown => ({
  id,
  object: 'price',
  currency,
  unit_amount: amount,
  type: 'recurring',
  recurring: { interval: 'month', interval_count: 1, meter: null, usage_type: 'licensed', trial_period_days: null },
});

/** An invoice of a subscription's period, in the shape `shape` sends. */
export function invoiceIn(shape: ApiShape, fields: InvoiceFields): PinnedInvoice | InvoiceBefore2025 {
  const currency = fields.currency ?? 'eur';
  const paid = fields.status === 'paid';
  const common: InvoiceCommon = {
    id: fields.id,
    object: 'invoice',
    customer: fields.customer,
    amount_due: fields.amount,
    amount_paid: paid ? fields.amount : 0,
    amount_remaining: paid ? 0 : fields.amount,
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: fields.periodStart,
    currency,
    livemode: false,
    metadata: {},
    next_payment_attempt: fields.nextPaymentAttempt ?? null,
    // Stripe's invoice period of a subscription cycle is the previous one: the product reads the line's
    period_start: fields.periodStart,
    period_end: fields.periodStart,
    status: fields.status,
    total: fields.amount,
  };
  const line: LineCommon = {
    id: `il_${fields.id}`,
    object: 'line_item',
    amount: fields.amount,
    currency,
    description: '1 × plan',
    period: { start: fields.periodStart, end: fields.periodEnd },
  };
  const metadata: Stripe.Metadata = fields.userId ? { userId: fields.userId } : {};
  if (shape === BEFORE_BASIL)
    return {
      ...common,
      subscription: fields.subscription,
      subscription_details: { metadata },
      charge: fields.charge ?? null,
      payment_intent: fields.paymentIntent ?? null,
      lines: {
        object: 'list',
        data: [{ ...line, price: price(fields.priceId, fields.amount, currency) }],
        has_more: false,
      },
    };
  return {
    ...common,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: fields.subscription, metadata },
    },
    lines: {
      object: 'list',
      data: [
        {
          ...line,
          pricing: {
            type: 'price_details',
            price_details: { price: fields.priceId, product: 'prod_plan' },
            unit_amount_decimal: null,
          },
        },
      ],
      has_more: false,
    },
  };
}

export interface SubscriptionFields {
  id: string;
  customer: string;
  userId: string | null;
  priceId: string;
  periodStart: number;
  periodEnd: number;
  status?: Stripe.Subscription.Status;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
}

type SubscriptionCommon = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'created'
  | 'currency'
  | 'customer'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
>;
type ItemCommon = Pick<Stripe.SubscriptionItem, 'id' | 'object' | 'quantity' | 'subscription'> & { price: PriceShown };
export type PinnedSubscription = SubscriptionCommon & {
  items: {
    object: 'list';
    data: Array<ItemCommon & Pick<Stripe.SubscriptionItem, 'current_period_start' | 'current_period_end'>>;
  };
};
export type SubscriptionBefore2025 = SubscriptionCommon &
  SubscriptionBeforeBasil & {
    items: { object: 'list'; data: ItemCommon[] };
  };

/** A subscription in the shape `shape` sends: its period on each item (pinned) or at the top (before basil). */
export function subscriptionIn(
  shape: ApiShape,
  fields: SubscriptionFields,
): PinnedSubscription | SubscriptionBefore2025 {
  const common: SubscriptionCommon = {
    id: fields.id,
    object: 'subscription',
    cancel_at: fields.cancelAt ?? null,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: null,
    created: fields.periodStart,
    currency: 'eur',
    customer: fields.customer,
    ended_at: null,
    livemode: false,
    metadata: fields.userId ? { userId: fields.userId } : {},
    start_date: fields.periodStart,
    status: fields.status ?? 'active',
  };
  const item: ItemCommon = {
    id: `si_${fields.id}`,
    object: 'subscription_item',
    quantity: 1,
    subscription: fields.id,
    price: price(fields.priceId, 0, 'eur'),
  };
  const period = { current_period_start: fields.periodStart, current_period_end: fields.periodEnd };
  if (shape === BEFORE_BASIL) return { ...common, ...period, items: { object: 'list', data: [item] } };
  return { ...common, items: { object: 'list', data: [{ ...item, ...period }] } };
}

export type PinnedCharge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'balance_transaction'
  | 'captured'
  | 'created'
  | 'currency'
  | 'customer'
  | 'disputed'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'refunded'
  | 'status'
> & {
  payment_method_details: {
    type: string;
    card: Pick<Stripe.Charge.PaymentMethodDetails.Card, 'brand' | 'last4' | 'exp_month' | 'exp_year'>;
  };
};
export type ChargeBefore2025 = PinnedCharge & ChargeBeforeBasil;

/** A card charge (what a card payment carries, which the product must not keep), in the shape `shape` sends. */
export function chargeIn(
  shape: ApiShape,
  fields: {
    id: string;
    customer: string;
    amount: number;
    amountRefunded?: number;
    paymentIntent: string;
    invoice: string;
    metadata?: Record<string, string>;
  },
): PinnedCharge | ChargeBefore2025 {
  const refunded = fields.amountRefunded ?? 0;
  const charge: PinnedCharge = {
    id: fields.id,
    object: 'charge',
    amount: fields.amount,
    amount_captured: fields.amount,
    amount_refunded: refunded,
    balance_transaction: `txn_${fields.id}`,
    captured: true,
    created: Math.floor(Date.now() / 1000),
    currency: 'eur',
    customer: fields.customer,
    disputed: false,
    livemode: false,
    metadata: fields.metadata ?? {},
    paid: true,
    payment_intent: fields.paymentIntent,
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
    refunded: refunded >= fields.amount,
    status: 'succeeded',
  };
  return shape === BEFORE_BASIL ? { ...charge, invoice: fields.invoice } : charge;
}

export type ShownDispute = Pick<
  Stripe.Dispute,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;

/** A dispute: the same fields in both versions (it names its charge and payment, never the customer). */
export function disputeOf(fields: {
  id: string;
  charge: string;
  paymentIntent: string | null;
  amount: number;
  status: Stripe.Dispute.Status;
}): ShownDispute {
  return {
    id: fields.id,
    object: 'dispute',
    amount: fields.amount,
    charge: fields.charge,
    created: Math.floor(Date.now() / 1000),
    currency: 'eur',
    livemode: false,
    metadata: {},
    payment_intent: fields.paymentIntent,
    reason: 'fraudulent',
    status: fields.status,
  };
}

/** An event as an endpoint of API version `shape` wraps an object. */
export function eventIn(shape: ApiShape, id: string, type: string, object: object, created: number) {
  return {
    id,
    object: 'event' as const,
    api_version: shape,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

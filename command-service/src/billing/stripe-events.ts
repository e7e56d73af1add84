import { planNamed } from '@vip/contracts';
import { type PriceBook, planOfPrice as planOfConfiguredPrice } from '@vip/platform';
import type Stripe from 'stripe';
import type { ChargedInvoice, StripeFact } from './stripe-facts.ts';
import {
  type AnyCharge,
  type AnyInvoice,
  type AnyInvoiceLine,
  type AnySubscription,
  idOf,
  metadataOfInvoice,
  periodEndOfSubscription,
  priceOfLine,
  subscriptionOfInvoice,
} from './stripe-shapes.ts';

/** A fact whose subscriber the event says: our own metadata, else its Stripe customer. */
export interface ReadFact {
  fact: StripeFact;
  /** The product user, where the event says it: the checkout's client_reference_id, or our own metadata. */
  userId: string | null;
  /** Else the customer, whose metadata names the user. */
  customerId: string;
}

/**
 * A refund or a dispute: whose it is and which invoice it paid Stripe is asked (a dispute
 * names only its charge; since basil a charge names no invoice, the invoice payments do).
 * The subscriber is found by the Stripe customer alone: a charge's metadata is not ours.
 */
export interface ChargeNotice {
  chargeId: string;
  customerId: string | null;
  paymentIntentId: string | null;
  /** The charge's own `invoice`, in the API versions before basil. */
  invoiceId: string | null;
  factOf(customerId: string, invoice: ChargedInvoice | null): StripeFact;
}

export type ReadStripeEvent = ({ notice?: undefined } & ReadFact) | { notice: ChargeNotice };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userIdIn = (value: string | null | undefined): string | null => (value && UUID.test(value) ? value : null);
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The plan a Stripe price stands for (monthly or yearly), by STRIPE_PRICES; null for a price it does not name. */
const planOfPrice = (prices: PriceBook, priceId: string | null): string | null =>
  planOfConfiguredPrice(prices, priceId);

/**
 * The line of a subscription invoice that pays for a plan: of the charges (a switch's
 * proration also credits the old price, as a negative line), the one of a price we sell that
 * runs latest; else the first line.
 */
function planLine(invoice: AnyInvoice, prices: PriceBook) {
  const lines = invoice.lines?.data ?? [];
  const sold = lines.filter((line) => line.amount >= 0 && planOfPrice(prices, priceOfLine(line)) !== null);
  const line =
    sold.reduce<AnyInvoiceLine | undefined>(
      (latest, candidate) => (latest && latest.period.end >= candidate.period.end ? latest : candidate),
      undefined,
    ) ?? lines[0];
  return line ? { line, planName: planOfPrice(prices, priceOfLine(line)) } : null;
}

/** What the invoice a charge paid says: its subscription, plan and period (read in either shape). */
export function chargedInvoiceOf(invoice: AnyInvoice, prices: PriceBook): ChargedInvoice | null {
  if (!invoice.id) return null;
  const found = planLine(invoice, prices);
  return {
    invoiceId: invoice.id,
    subscriptionId: subscriptionOfInvoice(invoice),
    planName: found?.planName ?? null,
    periodEnd: iso(found?.line.period.end ?? invoice.period_end),
  };
}

type InvoiceEventType =
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'invoice.payment_action_required'
  | 'invoice.marked_uncollectible';

function invoiceFact(type: InvoiceEventType, invoice: AnyInvoice, prices: PriceBook): ReadFact | null {
  const subscriptionId = subscriptionOfInvoice(invoice);
  const customerId = idOf(invoice.customer);
  // an invoice outside a subscription (a one-off) pays for no plan
  if (!subscriptionId || !customerId || !invoice.id) return null;
  const userId = userIdIn(metadataOfInvoice(invoice)?.userId);
  const invoiceId = invoice.id;
  const due = { amountDue: invoice.amount_due, currency: invoice.currency };
  const common = { invoiceId, customerId, subscriptionId };
  const read = (fact: StripeFact): ReadFact => ({ fact, userId, customerId });
  switch (type) {
    case 'invoice.payment_failed': {
      const next = invoice.next_payment_attempt;
      return read({ kind: 'payment-failed', ...common, ...due, nextPaymentAttempt: next ? iso(next) : null });
    }
    case 'invoice.payment_action_required':
      return read({ kind: 'payment-action-required', ...common, ...due });
    case 'invoice.marked_uncollectible':
      return read({ kind: 'invoice-uncollectible', ...common });
    case 'invoice.paid': {
      const found = planLine(invoice, prices);
      const period = found?.line.period ?? { start: invoice.period_start, end: invoice.period_end };
      return read({
        kind: 'invoice-paid',
        ...common,
        planName: found?.planName ?? null,
        amountPaid: invoice.amount_paid,
        currency: invoice.currency,
        periodStart: iso(period.start),
        periodEnd: iso(period.end),
        stripeFee: null,
        // a trial's invoice: the subscription's first, for nothing before discounts (a 100 % coupon has a subtotal)
        trial: invoice.billing_reason === 'subscription_create' && invoice.subtotal === 0,
      });
    }
  }
}

function subscriptionFact(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: AnySubscription,
  prices: PriceBook,
): ReadFact | null {
  const customerId = idOf(subscription.customer);
  if (!customerId) return null;
  const userId = userIdIn(subscription.metadata?.userId);
  const subscriptionId = subscription.id;
  if (type === 'customer.subscription.deleted')
    return { fact: { kind: 'subscription-deleted', customerId, subscriptionId }, userId, customerId };
  const item = subscription.items?.data?.[0];
  const periodEnd = periodEndOfSubscription(subscription);
  // cancel_at: a date set; cancel_at_period_end: the end of the period paid for
  const cancelsAt = subscription.cancel_at
    ? iso(subscription.cancel_at)
    : subscription.cancel_at_period_end && periodEnd
      ? iso(periodEnd)
      : null;
  return {
    fact: {
      kind: 'subscription-updated',
      customerId,
      subscriptionId,
      planName: planOfPrice(prices, item?.price?.id ?? null),
      cancelsAt,
      stripeStatus: subscription.status,
    },
    userId,
    customerId,
  };
}

function refundNotice(charge: AnyCharge): ChargeNotice {
  const { id: chargeId, amount, amount_refunded: amountRefunded, currency } = charge;
  return {
    chargeId,
    customerId: idOf(charge.customer),
    paymentIntentId: idOf(charge.payment_intent),
    invoiceId: idOf(charge.invoice ?? null),
    factOf: (customerId, invoice) => ({
      kind: 'charge-refunded',
      chargeId,
      customerId,
      amount,
      amountRefunded,
      currency,
      invoice,
    }),
  };
}

function disputeNotice(dispute: Stripe.Dispute): ChargeNotice | null {
  const chargeId = idOf(dispute.charge);
  if (!chargeId) return null;
  const { id: disputeId, amount, currency, status } = dispute;
  return {
    chargeId,
    customerId: null,
    paymentIntentId: idOf(dispute.payment_intent),
    invoiceId: null,
    factOf: (customerId, invoice) => ({
      kind: 'charge-disputed',
      chargeId,
      customerId,
      disputeId,
      amount,
      currency,
      status,
      invoice,
    }),
  };
}

/**
 * The fact of a Stripe event the product acts on, read in the pinned API version's shape or
 * in the older one an endpoint made before basil sends; null for any other event (answered,
 * not applied). Only ids, amounts, times and the plan a price stands for are kept: the card,
 * the customer's address, everything else Stripe sends stays in this function.
 */
export function readStripeEvent(event: Stripe.Event, prices: PriceBook): ReadStripeEvent | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      const planName = planNamed(session.metadata?.plan)?.name;
      // a checkout the product did not start (a payment link, another mode) names no plan of ours
      if (session.mode !== 'subscription' || !subscriptionId || !customerId || !planName) return null;
      return {
        fact: { kind: 'checkout-completed', checkoutSessionId: session.id, customerId, subscriptionId, planName },
        userId: userIdIn(session.client_reference_id),
        customerId,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required':
    case 'invoice.marked_uncollectible':
      return invoiceFact(event.type, event.data.object as AnyInvoice, prices);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionFact(event.type, event.data.object as AnySubscription, prices);
    case 'charge.refunded':
      return { notice: refundNotice(event.data.object as AnyCharge) };
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const notice = disputeNotice(event.data.object);
      return notice ? { notice } : null;
    }
    default:
      return null;
  }
}

import { planNamed } from '@vip/contracts';
import { planOfPrice as planOfConfiguredPrice, type PriceBook } from '@vip/platform';
import type Stripe from 'stripe';
import type { StripeFact } from './billing.decider.ts';
import { idOf } from './stripe-gateway.ts';

/**
 * A Stripe event as the product acts on it: the fact, and how to find whose plan it is.
 * Only ids, amounts, times and the plan a price stands for are kept: the card, the
 * customer's address, everything else Stripe sends stays in this function.
 */
export interface ReadStripeEvent {
  fact: StripeFact;
  /** The product user, where the event says it: the checkout's client_reference_id, or our own metadata. */
  userId: string | null;
  /** Else the customer, whose metadata names the user (a dispute names only its charge). */
  customerId: string | null;
  chargeId: string | null;
}

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
function planLine(invoice: Stripe.Invoice, prices: PriceBook) {
  const lines = invoice.lines?.data ?? [];
  const priceOf = (line: Stripe.InvoiceLineItem) => idOf(line.pricing?.price_details?.price ?? null);
  const sold = lines.filter((line) => line.amount >= 0 && planOfPrice(prices, priceOf(line)) !== null);
  const line =
    sold.reduce<Stripe.InvoiceLineItem | undefined>(
      (latest, candidate) => (latest && latest.period.end >= candidate.period.end ? latest : candidate),
      undefined,
    ) ?? lines[0];
  return line ? { line, planName: planOfPrice(prices, priceOf(line)) } : null;
}

function invoiceFact(event: Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent, prices: PriceBook) {
  const invoice = event.data.object;
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription ?? null);
  const customerId = idOf(invoice.customer);
  // an invoice outside a subscription (a one-off) pays for no plan
  if (!subscriptionId || !customerId || !invoice.id) return null;
  const userId = userIdIn(details?.metadata?.userId);
  if (event.type === 'invoice.payment_failed')
    return {
      fact: { kind: 'payment-failed' as const, invoiceId: invoice.id, customerId, subscriptionId },
      userId,
      customerId,
    };
  const found = planLine(invoice, prices);
  const period = found?.line.period ?? { start: invoice.period_start, end: invoice.period_end };
  return {
    fact: {
      kind: 'invoice-paid' as const,
      invoiceId: invoice.id,
      customerId,
      subscriptionId,
      planName: found?.planName ?? null,
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      periodStart: iso(period.start),
      periodEnd: iso(period.end),
      // a trial's invoice: the subscription's first, for nothing before discounts (a 100 % coupon has a subtotal)
      trial: invoice.billing_reason === 'subscription_create' && invoice.subtotal === 0,
    },
    userId,
    customerId,
  };
}

function subscriptionFact(
  event: Stripe.CustomerSubscriptionUpdatedEvent | Stripe.CustomerSubscriptionDeletedEvent,
  prices: PriceBook,
) {
  const subscription = event.data.object;
  const customerId = idOf(subscription.customer);
  if (!customerId) return null;
  const userId = userIdIn(subscription.metadata?.userId);
  if (event.type === 'customer.subscription.deleted')
    return {
      fact: { kind: 'subscription-deleted' as const, customerId, subscriptionId: subscription.id },
      userId,
      customerId,
    };
  const item = subscription.items?.data?.[0];
  // cancel_at: a date set; cancel_at_period_end: the end of the period paid for
  const cancelsAt = subscription.cancel_at
    ? iso(subscription.cancel_at)
    : subscription.cancel_at_period_end && item
      ? iso(item.current_period_end)
      : null;
  return {
    fact: {
      kind: 'subscription-updated' as const,
      customerId,
      subscriptionId: subscription.id,
      planName: planOfPrice(prices, item?.price?.id ?? null),
      cancelsAt,
    },
    userId,
    customerId,
  };
}

/** The fact of a Stripe event the product acts on; null for any other event (answered, not applied). */
export function readStripeEvent(event: Stripe.Event, prices: PriceBook): ReadStripeEvent | null {
  const found = (read: { fact: StripeFact; userId: string | null; customerId: string | null } | null) =>
    read ? { chargeId: null, ...read } : null;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      const planName = planNamed(session.metadata?.plan)?.name;
      // a checkout the product did not start (a payment link, another mode) names no plan of ours
      if (session.mode !== 'subscription' || !subscriptionId || !customerId || !planName) return null;
      return found({
        fact: { kind: 'checkout-completed', checkoutSessionId: session.id, customerId, subscriptionId, planName },
        userId: userIdIn(session.client_reference_id),
        customerId,
      });
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return found(invoiceFact(event, prices));
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return found(subscriptionFact(event, prices));
    case 'charge.refunded': {
      const charge = event.data.object;
      const customerId = idOf(charge.customer);
      if (!customerId) return null;
      const { id: chargeId, amount, amount_refunded: amountRefunded, currency } = charge;
      return found({
        fact: { kind: 'charge-refunded', chargeId, amount, amountRefunded, currency },
        userId: userIdIn(charge.metadata?.userId),
        customerId,
      });
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const chargeId = idOf(dispute.charge);
      if (!chargeId) return null;
      return {
        fact: {
          kind: 'charge-disputed',
          chargeId,
          disputeId: dispute.id,
          amount: dispute.amount,
          currency: dispute.currency,
        },
        // whose it is: the charge's customer (customerOfCharge), asked before the decision
        userId: null,
        customerId: null,
        chargeId,
      };
    }
    default:
      return null;
  }
}

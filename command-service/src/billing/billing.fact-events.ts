import type { EventOf } from '@vip/contracts';
import type { StripeFactEvent } from './billing.state.ts';
import type { ChargedInvoice, StripeFact } from './stripe-facts.ts';

/** What every event of an applied Stripe event carries: whose, which event, and the plan after it. */
type Common = Pick<StripeFactEvent['data'], 'userId' | 'stripeEventId' | 'stripeEventAt' | 'billing' | 'plan'>;

/** The invoice a refunded or disputed charge paid, as the event records it. */
const chargedInvoice = (invoice: ChargedInvoice | null, cancelledSubscriptionId: string | null) => ({
  invoiceId: invoice?.invoiceId ?? null,
  invoiceSubscriptionId: invoice?.subscriptionId ?? null,
  chargedPlanName: invoice?.planName ?? null,
  periodEnd: invoice?.periodEnd ?? null,
  cancelledSubscriptionId,
});

/** The event that records a Stripe fact on the subscriber's stream, with what the decision made of it. */
export function factEvent(fact: StripeFact, common: Common, cancels: string | null): StripeFactEvent {
  switch (fact.kind) {
    case 'checkout-completed': {
      const { checkoutSessionId, subscriptionId, planName } = fact;
      return {
        type: 'BillingCheckoutCompleted',
        data: { ...common, checkoutSessionId, subscriptionId, planName },
      };
    }
    case 'invoice-paid': {
      const { invoiceId, subscriptionId, amountPaid, currency, periodStart, periodEnd, stripeFee } = fact;
      return {
        type: 'BillingInvoicePaid',
        data: { ...common, invoiceId, subscriptionId, amountPaid, currency, periodStart, periodEnd, stripeFee },
      };
    }
    case 'payment-failed': {
      const { invoiceId, subscriptionId, nextPaymentAttempt } = fact;
      return { type: 'BillingPaymentFailed', data: { ...common, invoiceId, subscriptionId, nextPaymentAttempt } };
    }
    case 'payment-action-required': {
      const { invoiceId, subscriptionId, amountDue, currency } = fact;
      return {
        type: 'BillingPaymentActionRequired',
        data: { ...common, invoiceId, subscriptionId, amountDue, currency },
      };
    }
    case 'invoice-uncollectible':
      return {
        type: 'BillingInvoiceUncollectible',
        data: { ...common, invoiceId: fact.invoiceId, subscriptionId: fact.subscriptionId },
      };
    case 'subscription-updated': {
      const { subscriptionId, planName, cancelsAt, stripeStatus } = fact;
      return {
        type: 'BillingSubscriptionChanged',
        data: { ...common, subscriptionId, planName, cancelsAt, stripeStatus },
      };
    }
    case 'subscription-deleted':
      return { type: 'BillingSubscriptionCancelled', data: { ...common, subscriptionId: fact.subscriptionId } };
    case 'charge-refunded': {
      const { chargeId, amount, amountRefunded, currency, invoice } = fact;
      return {
        type: 'BillingChargeRefunded',
        data: { ...common, chargeId, amount, amountRefunded, currency, ...chargedInvoice(invoice, cancels) },
      };
    }
    case 'charge-disputed': {
      const { chargeId, disputeId, amount, currency, status, invoice } = fact;
      return {
        type: 'BillingChargeDisputed',
        data: { ...common, chargeId, disputeId, amount, currency, status, ...chargedInvoice(invoice, cancels) },
      };
    }
  }
}

export type UnmatchedPaymentEvent = EventOf<'BillingPaymentUnmatched'>;

/**
 * A payment fact no plan of the product takes, as the log records it (the subscriber, when
 * the product knows them; null for a Stripe customer it did not make). Null for a fact that
 * is no payment (a checkout, a change of the subscription).
 */
export function unmatchedPayment(
  fact: StripeFact,
  recorded: { userId: string | null; stripeEventId: string; stripeEventAt: string },
): UnmatchedPaymentEvent | null {
  const common = { ...recorded, customerId: fact.customerId };
  const event = (
    kind: UnmatchedPaymentEvent['data']['kind'],
    objectId: string,
    amount: number,
    currency: string,
    status: string | null = null,
  ): UnmatchedPaymentEvent => ({
    type: 'BillingPaymentUnmatched',
    data: { ...common, kind, objectId, amount, currency, status },
  });
  switch (fact.kind) {
    case 'invoice-paid':
      return event('paid', fact.invoiceId, fact.amountPaid, fact.currency);
    case 'payment-failed':
      return event('failed', fact.invoiceId, fact.amountDue, fact.currency);
    case 'payment-action-required':
      return event('action_required', fact.invoiceId, fact.amountDue, fact.currency);
    case 'charge-refunded':
      return event('refunded', fact.chargeId, fact.amountRefunded, fact.currency);
    case 'charge-disputed':
      return event('disputed', fact.disputeId, fact.amount, fact.currency, fact.status);
    default:
      return null;
  }
}

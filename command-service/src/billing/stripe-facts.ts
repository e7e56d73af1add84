/**
 * A Stripe event as the webhook read it: what happened, with the plan its price stands for.
 * Only ids, amounts (in the currency's smallest unit), times and plans: never card data.
 */

/** The invoice a charge paid, as Stripe's invoice payments (or an older charge's `invoice`) name it. */
export interface ChargedInvoice {
  invoiceId: string;
  /** The subscription the invoice bills; null for a one-off invoice. */
  subscriptionId: string | null;
  /** The plan its price stands for; null for a price STRIPE_PRICES does not name. */
  planName: string | null;
  /** The end of the period it paid for. */
  periodEnd: string;
}

export type StripeFact =
  | {
      kind: 'checkout-completed';
      checkoutSessionId: string;
      customerId: string;
      subscriptionId: string;
      planName: string;
    }
  | {
      kind: 'invoice-paid';
      invoiceId: string;
      customerId: string;
      subscriptionId: string;
      /** null: a price STRIPE_PRICES does not name. */
      planName: string | null;
      amountPaid: number;
      currency: string;
      periodStart: string;
      periodEnd: string;
      /** Stripe's fee, from the charge's balance transaction; null when it could not be read. */
      stripeFee: { amount: number; currency: string } | null;
      /** The free period of a trial (the subscription's first invoice, nothing to charge before discounts). */
      trial?: boolean;
    }
  | {
      kind: 'payment-failed';
      invoiceId: string;
      customerId: string;
      subscriptionId: string;
      amountDue: number;
      currency: string;
      /** When Stripe tries again; null once it gave up. */
      nextPaymentAttempt: string | null;
    }
  | {
      kind: 'payment-action-required';
      invoiceId: string;
      customerId: string;
      subscriptionId: string;
      amountDue: number;
      currency: string;
    }
  | { kind: 'invoice-uncollectible'; invoiceId: string; customerId: string; subscriptionId: string }
  | {
      kind: 'subscription-updated';
      customerId: string;
      subscriptionId: string;
      planName: string | null;
      cancelsAt: string | null;
      /** Stripe's status: `unpaid` and `canceled` mean it stopped billing. */
      stripeStatus: string;
    }
  | { kind: 'subscription-deleted'; customerId: string; subscriptionId: string }
  | {
      kind: 'charge-refunded';
      chargeId: string;
      customerId: string;
      amount: number;
      amountRefunded: number;
      currency: string;
      invoice: ChargedInvoice | null;
    }
  | {
      kind: 'charge-disputed';
      chargeId: string;
      customerId: string;
      disputeId: string;
      amount: number;
      currency: string;
      /** Stripe's dispute status: warning_* an inquiry, needs_response/under_review/lost a chargeback, won. */
      status: string;
      invoice: ChargedInvoice | null;
    };

/** Stripe's subscription statuses that mean it stopped billing: the plan ends. */
export const STOPPED_SUBSCRIPTION = new Set(['unpaid', 'canceled', 'incomplete_expired']);

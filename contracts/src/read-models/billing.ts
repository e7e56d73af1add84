/** Read models of the money plans bring in (decisions.md §2: every figure from events). */
export const billingReadModels = {
  /** One per UTC month, plan and currency: paid, refunded, disputed, and Stripe's fees. */
  revenue: 'stats_revenue',
  /** One per refunded charge: how much of it was refunded so far (refund events carry the running total). */
  refunds: 'stats_refunds',
  /** One per dispute: how much of it is counted as withdrawn now (a chargeback's amount; 0 once won). */
  disputes: 'stats_disputes',
  /** Payment facts an admin should look at (billing-attention.projector.ts), newest first. */
  attention: 'billing_attention',
} as const;

export interface RevenueDocument {
  _id: string; // YYYY-MM|plan|currency
  month: string; // YYYY-MM (UTC)
  /** The plan the money was for (a refund or dispute: the plan of the charge's invoice, not the subscriber's today). */
  planName: string;
  currency: string;
  /** In the currency's smallest unit. */
  paid: number;
  refunded: number;
  /** Withdrawn by chargebacks open or lost this month, less those won back this month (so it may be negative). */
  disputed?: number;
  /**
   * Stripe's fees of the payments counted in `paid`, read from their balance transactions,
   * in the account's settlement currency (`stripeFeeCurrency`); `paymentsWithoutFee` says how
   * many payments' fees could not be read, so the figure is known to be a floor.
   */
  stripeFee?: number;
  stripeFeeCurrency?: string | null;
  paymentsWithoutFee?: number;
  /** Log position of the last event counted here: a redelivered event is not counted twice. */
  lastPosition: number;
}

/** What a month brought in, net: paid less refunded and disputed. */
export const netOf = (doc: Pick<RevenueDocument, 'paid' | 'refunded' | 'disputed'>): number =>
  doc.paid - doc.refunded - (doc.disputed ?? 0);

export interface RefundedChargeDocument {
  _id: string; // the Stripe charge id
  refunded: number;
}

export interface DisputeDocument {
  _id: string; // the Stripe dispute id
  /** The amount counted as disputed now. */
  counted: number;
  /** Stripe's time of the event that set it (ms): an older status delivered late changes nothing. */
  at: number;
}

/**
 * Why a payment fact needs an admin: a payment no plan took (a Stripe customer the product did
 * not make, or a subscriber with no Stripe plan), a second live subscription Stripe bills
 * beside the plan's own (refund and cancel one), a bank's inquiry (answer it in Stripe before
 * it becomes a chargeback), a chargeback.
 */
export const billingAttentionKinds = ['unmatched', 'second-subscription', 'inquiry', 'chargeback'] as const;
export type BillingAttentionKind = (typeof billingAttentionKinds)[number];

export interface BillingAttentionDocument {
  _id: string; // the Stripe event id
  kind: BillingAttentionKind;
  /** The subscriber; null for a customer the product did not make. */
  userId: string | null;
  customerId: string;
  /** The Stripe invoice, charge, dispute or subscription to look at. */
  objectId: string;
  amount: number;
  currency: string;
  /** What Stripe says of it: a dispute's status, a payment fact's kind. */
  detail: string | null;
  /** Stripe's time of the event. */
  at: string;
}

/** The UTC calendar month of an ISO timestamp. */
export const utcMonth = (iso: string): string => iso.slice(0, 7);

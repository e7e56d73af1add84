/** Read models of the money plans bring in (decisions.md §2: every figure from events). */
export const billingReadModels = {
  /** One per UTC month, plan and currency: paid and refunded. */
  revenue: 'stats_revenue',
  /** One per refunded charge: how much of it was refunded so far (refund events carry the running total). */
  refunds: 'stats_refunds',
} as const;

export interface RevenueDocument {
  _id: string; // YYYY-MM|plan|currency
  month: string; // YYYY-MM (UTC)
  planName: string;
  currency: string;
  /** In the currency's smallest unit. */
  paid: number;
  refunded: number;
  /** Log position of the last event counted here: a redelivered event is not counted twice. */
  lastPosition: number;
}

export interface RefundedChargeDocument {
  _id: string; // the Stripe charge id
  refunded: number;
}

/** The UTC calendar month of an ISO timestamp. */
export const utcMonth = (iso: string): string => iso.slice(0, 7);

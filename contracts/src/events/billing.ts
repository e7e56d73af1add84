import { z } from 'zod';

/**
 * Plans sold through Stripe (decisions.md §13), on the subscriber's stream
 * `subscription-<userId>` beside the admin's SubscriptionStarted/Extended/Ended. Each Stripe
 * event the product applies is one of these, once: the Stripe ids and amounts of the fact,
 * and what the plan is after it (decided on the stream, so a reader sets the values without
 * deciding again). Nothing here is a secret: Stripe ids, amounts in the currency's smallest
 * unit, times; never card data, the API key or the webhook secret.
 */

/** How Stripe bills the plan: running, past due (a payment failed, grace runs), set to end, or ended. */
export const billingStatuses = ['active', 'past_due', 'cancelling', 'ended'] as const;
export type BillingStatus = (typeof billingStatuses)[number];

export const billingStandingSchema = z.object({
  status: z.enum(billingStatuses),
  customerId: z.string(),
  subscriptionId: z.string(),
  /** When the product first heard of this subscription (its checkout, or its first paid invoice). */
  startedAt: z.string(),
  /** The end of the latest period paid for; null until the first invoice is paid. */
  paidUntil: z.string().nullable(),
  /** Past due: the plan stays on until then (from the first failed payment). */
  graceUntil: z.string().nullable(),
  /** Set to cancel: the plan ends then. */
  cancelsAt: z.string().nullable(),
  /** Ended by Stripe (cancelled, refunded, disputed). */
  endedAt: z.string().nullable(),
  /** A first-time buyer's trial: the period paid so far is free until then (absent before trials were sold). */
  trialUntil: z.string().nullable().optional(),
});
export type BillingStanding = z.infer<typeof billingStandingSchema>;

/** The plan after the event, as every reader takes it (an admin's days given on top are kept in it). */
export const planAfterSchema = z.object({
  name: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  ended: z.boolean(),
});

/** What every applied Stripe event carries: which one it was, when Stripe made it, and the outcome. */
const stripeFact = {
  userId: z.string(),
  stripeEventId: z.string(),
  /** Stripe's `created` of the event: the order in which facts are decided. */
  stripeEventAt: z.string(),
  billing: billingStandingSchema,
  plan: planAfterSchema,
};

/** The subscriber's Stripe customer, made at their first checkout and reused by the next ones and the portal. */
export const billingCustomerCreatedSchema = z.object({
  userId: z.string(),
  customerId: z.string(),
  createdAt: z.string(),
});

/** checkout.session.completed: the customer and subscription are linked; the plan starts. */
export const billingCheckoutCompletedSchema = z.object({
  ...stripeFact,
  checkoutSessionId: z.string(),
  subscriptionId: z.string(),
  planName: z.string(),
});

/** invoice.paid: a period is paid for (amount in the currency's smallest unit). */
export const billingInvoicePaidSchema = z.object({
  ...stripeFact,
  invoiceId: z.string(),
  subscriptionId: z.string(),
  amountPaid: z.number().int().nonnegative(),
  currency: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
});

/** invoice.payment_failed: past due, on for the grace days (unless a later payment came first). */
export const billingPaymentFailedSchema = z.object({
  ...stripeFact,
  invoiceId: z.string(),
  subscriptionId: z.string(),
});

/** customer.subscription.updated: set to cancel (or not any more), or another plan. */
export const billingSubscriptionChangedSchema = z.object({
  ...stripeFact,
  subscriptionId: z.string(),
  /** The plan its price stands for; null for a price STRIPE_PRICES does not name. */
  planName: z.string().nullable(),
  cancelsAt: z.string().nullable(),
});

/** customer.subscription.deleted: Stripe ended the subscription. */
export const billingSubscriptionCancelledSchema = z.object({
  ...stripeFact,
  subscriptionId: z.string(),
});

/** charge.refunded: `amountRefunded` is the charge's total refunded so far; a full refund ends the plan. */
export const billingChargeRefundedSchema = z.object({
  ...stripeFact,
  chargeId: z.string(),
  amount: z.number().int().nonnegative(),
  amountRefunded: z.number().int().nonnegative(),
  currency: z.string(),
});

/** charge.dispute.created: a chargeback; the plan ends. */
export const billingChargeDisputedSchema = z.object({
  ...stripeFact,
  chargeId: z.string(),
  disputeId: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
});

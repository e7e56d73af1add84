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
  /**
   * v2: Stripe's fee for the charge, from its balance transaction (in the account's settlement
   * currency); null when the product could not read it (and in v1).
   */
  stripeFee: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
});

/**
 * invoice.payment_failed: past due, on while Stripe still retries and for at least the grace
 * days (unless a later payment came first). v2: when Stripe tries the invoice again (null:
 * it gave up, or v1, which did not say).
 */
export const billingPaymentFailedSchema = z.object({
  ...stripeFact,
  invoiceId: z.string(),
  subscriptionId: z.string(),
  nextPaymentAttempt: z.string().nullable(),
});

/** invoice.payment_action_required: the bank asks the buyer to confirm the payment (3-D Secure); the plan is unchanged. */
export const billingPaymentActionRequiredSchema = z.object({
  ...stripeFact,
  invoiceId: z.string(),
  subscriptionId: z.string(),
  amountDue: z.number().int().nonnegative(),
  currency: z.string(),
});

/** invoice.marked_uncollectible: Stripe gave up collecting the subscription's invoice; the plan ends. */
export const billingInvoiceUncollectibleSchema = z.object({
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
  /** v2: Stripe's status of the subscription (`unpaid` and `canceled` end the plan); null in v1. */
  stripeStatus: z.string().nullable(),
});

/** customer.subscription.deleted: Stripe ended the subscription. */
export const billingSubscriptionCancelledSchema = z.object({
  ...stripeFact,
  subscriptionId: z.string(),
});

/**
 * What the product learnt of the invoice a charge paid (through Stripe's invoice payments, or
 * the charge's own `invoice` in older API versions): the plan the money was for, whatever the
 * subscriber's plan is today, and the end of the period it paid. All null when Stripe names
 * no invoice of a subscription (and in v1 events, written before the product asked).
 */
const chargedInvoice = {
  invoiceId: z.string().nullable(),
  /** The subscription the invoice belongs to. */
  invoiceSubscriptionId: z.string().nullable(),
  /** The plan its price stands for. */
  chargedPlanName: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The Stripe subscription the product cancelled so that it charges the buyer no more; null when none. */
  cancelledSubscriptionId: z.string().nullable(),
};

/**
 * charge.refunded: `amountRefunded` is the charge's total refunded so far. A full refund of
 * the charge that paid the current period ends the plan (and its Stripe subscription); any
 * other refund only lowers the revenue. v2: the charge's invoice.
 */
export const billingChargeRefundedSchema = z.object({
  ...stripeFact,
  chargeId: z.string(),
  amount: z.number().int().nonnegative(),
  amountRefunded: z.number().int().nonnegative(),
  currency: z.string(),
  ...chargedInvoice,
});

/** The statuses of a dispute that are a chargeback: the money is withdrawn (an inquiry, `warning_*`, is not). */
export const chargebackStatuses = ['needs_response', 'under_review', 'lost'] as const;
export const isChargeback = (status: string) => (chargebackStatuses as readonly string[]).includes(status);

/**
 * charge.dispute.created, .updated and .closed: a chargeback (needs_response, under_review,
 * lost) ends the plan and its Stripe subscription; an inquiry (warning_*) changes no plan;
 * a closed dispute says who won. v2: Stripe's status and the charge's invoice (every v1
 * dispute was taken for a chargeback).
 */
export const billingChargeDisputedSchema = z.object({
  ...stripeFact,
  chargeId: z.string(),
  disputeId: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.string(),
  ...chargedInvoice,
});

/** The payment facts Stripe sends, as an event names them when no plan of the product takes them. */
export const paymentFactKinds = ['paid', 'failed', 'action_required', 'refunded', 'disputed'] as const;
export type PaymentFactKind = (typeof paymentFactKinds)[number];

/**
 * A payment fact no plan of the product takes: Stripe's customer is not one the product made
 * (`userId` null, stream `billing-customer-<customerId>`), or its subscriber has no Stripe
 * plan it could be about. Recorded so that the log holds every payment; admins see it.
 */
export const billingPaymentUnmatchedSchema = z.object({
  userId: z.string().nullable(),
  customerId: z.string(),
  stripeEventId: z.string(),
  stripeEventAt: z.string(),
  kind: z.enum(paymentFactKinds),
  /** The invoice, charge or dispute the fact is about. */
  objectId: z.string(),
  /** In the currency's smallest unit: paid, due, refunded so far or disputed. */
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  /** A dispute's status; null for the others. */
  status: z.string().nullable(),
});

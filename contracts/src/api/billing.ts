import { z } from 'zod';
import { planNamed } from '../config-defaults.ts';
import { errorTexts } from '../error-texts.ts';
import { billingPaths } from '../routes/billing.ts';
import { billingIntervals } from '../site-settings.ts';
import { billingTexts } from '../texts/billing.ts';
import { planTexts } from '../texts/subscriptions.ts';
import { answer, withSchemas } from './route-spec.ts';

/**
 * One of the configured plans (any case), as its configured name, paid by the month (the
 * default) or the year; whether it has a price at that interval is the route's to say.
 */
export const checkoutRequestSchema = z.object({
  plan: z
    .string({ error: errorTexts.fillAllFields })
    .trim()
    .min(1, errorTexts.fillAllFields)
    .max(50, planTexts.unknownPlan)
    .refine((name) => planNamed(name) !== undefined, planTexts.unknownPlan)
    .transform((name) => planNamed(name)!.name),
  interval: z.enum(billingIntervals, { error: billingTexts.unknownInterval }).default('month'),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/**
 * 409 on a checkout while Stripe bills a subscription of the buyer's: plans are changed,
 * cancelled or paid in Stripe's customer portal, whose address comes with the refusal.
 */
export interface AlreadyBilledRefusal {
  error: string;
  code: string;
  portalUrl?: string;
}

/** Where the browser goes next: Stripe's checkout page, or its customer portal. */
/** Stripe's delivery of an event is done: it was applied, or it is one the product does not need. */
export interface StripeWebhookResponse {
  received: true;
}

export interface BillingRedirectResponse {
  url: string;
}

export const billingApi = withSchemas(billingPaths, {
  checkout: {
    summary:
      "Start buying a plan, by the month (default) or the year: a Stripe Checkout Session in subscription mode for the plan's price, for the signed-in user's own Stripe customer; older open sessions of theirs are expired (400 for a plan without a price at that interval, 409 while a subscription of theirs is live at Stripe, 429 past the per-user limit, 503 while Stripe is down, 404 while billing is off)",
    body: checkoutRequestSchema,
    rateLimited: true,
    response: answer<BillingRedirectResponse>(200, '{ url }: the checkout page to send the browser to'),
  },
  portal: {
    summary:
      "Stripe's customer portal for the signed-in user: change the card, cancel, switch plan (404 before their first checkout or while billing is off)",
    response: answer<BillingRedirectResponse>(200, '{ url }: the portal page to send the browser to'),
  },
  webhook: {
    summary:
      'Stripe events (checkout.session.completed, invoice.paid, .payment_failed, .payment_action_required and .marked_uncollectible, customer.subscription.updated and .deleted, charge.refunded, charge.dispute.created, .updated and .closed) in any API version, verified by Stripe-Signature over the raw body and each applied once',
    response: answer<StripeWebhookResponse>(
      200,
      '{ received: true } (400 for a missing or wrong signature; 503 when Stripe did not answer what the event needs, so that Stripe delivers it again)',
    ),
  },
});

/** How a plan is paid, as the panel and the admins' list show it beside the plan. */
export type PlanBilling =
  | { kind: 'manual' }
  | {
      kind: 'stripe';
      status: import('../events/billing.ts').BillingStatus;
      /** The end of the latest period paid for (the next renewal while it runs). */
      paidUntil: string | null;
      /** Past due: on until then. */
      graceUntil: string | null;
      /** Set to cancel: ends then. */
      cancelsAt: string | null;
      endedAt: string | null;
      /** A first-time buyer's trial runs until then (nothing charged before). */
      trialUntil: string | null;
    };

/** A sum of money in one currency, in its smallest unit. */
export interface MoneyTotal {
  currency: string;
  amount: number;
}

/** One plan on the Statistics screen: who pays for it now and what it brought in, net of refunds. */
export interface PlanSales {
  planName: string;
  /** Subscribers whose plan Stripe bills and who have it now. */
  payingSubscribers: number;
  thisMonth: MoneyTotal[];
  lastMonth: MoneyTotal[];
}

/** What a plan brought in one UTC month, in one currency: the figures an accountant signs. */
export interface RevenueRow {
  month: string;
  planName: string;
  currency: string;
  paid: number;
  refunded: number;
  /** Chargebacks open or lost, less those won back this month. */
  disputed: number;
  net: number;
  /** Stripe's fees read from the balance transactions (settlement currency); null when none could be read. */
  stripeFee: MoneyTotal | null;
  /** Payments whose fee could not be read: the fee is a floor when this is above 0. */
  paymentsWithoutFee: number;
}

/** A payment fact an admin should look at: the billing_attention document with the subscriber's username as it is now. */
export type BillingAttentionItem = Omit<import('../read-models/billing.ts').BillingAttentionDocument, '_id'> & {
  username: string | null;
};

/** The statistics of plans sold (GET /api/admin/stats `billing`), every figure from the events. */
export interface BillingFigures {
  /** The UTC month "this month" is (YYYY-MM). */
  month: string;
  /** Every configured plan, in the spec's order. */
  plans: PlanSales[];
  /** This month's and last month's revenue, per plan and currency. */
  revenue: RevenueRow[];
  /** The newest payment facts to look at (at most ATTENTION_SHOWN). */
  attention: BillingAttentionItem[];
}

/** How many payment facts to look at the Statistics screen lists. */
export const ATTENTION_SHOWN = 20;

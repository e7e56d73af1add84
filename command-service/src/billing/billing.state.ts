import type { BillingStanding, BillingStatus, EventOf } from '@vip/contracts';

export type BillingEvent = EventOf<
  | 'BillingCustomerCreated'
  | 'BillingCheckoutCompleted'
  | 'BillingInvoicePaid'
  | 'BillingPaymentFailed'
  | 'BillingSubscriptionChanged'
  | 'BillingSubscriptionCancelled'
  | 'BillingChargeRefunded'
  | 'BillingChargeDisputed'
  | 'BillingPaymentActionRequired'
  | 'BillingInvoiceUncollectible'
  | 'BillingPaymentUnmatched'
>;
/** The events that apply one Stripe event each to the plan. */
export type StripeFactEvent = Exclude<BillingEvent, { type: 'BillingCustomerCreated' | 'BillingPaymentUnmatched' }>;

export const DAY_MS = 24 * 3600_000;

/**
 * How long a Stripe event id is remembered: Stripe retries a delivery for up to 3 days and
 * its dashboard resends an event up to 30 days after it happened, never later. So the memory
 * of applied ids holds only the events of the 30 days before the newest one applied (a few
 * per month of a subscription, whatever its age), and an event older than that window is
 * refused as stale: it cannot be told from one already applied and forgotten.
 */
export const STRIPE_RESEND_WINDOW_MS = 30 * DAY_MS;

/** What the subscriber's stream remembers of Stripe, for the next decision. */
export interface BillingState {
  /** The Stripe customer made at their first checkout; the next checkouts and the portal reuse it. */
  customerId: string | null;
  /** How Stripe bills the plan after the last Stripe event applied; null before the first. */
  standing: BillingStanding | null;
  /**
   * Stripe's time (ms) of the newest payment fact (paid, failed) and of the newest fact about
   * the subscription itself (checkout, updated) applied to the current subscription: an older
   * one arriving late is recorded but changes nothing (a later period is never shortened, a
   * failure older than a payment does not make the plan past due).
   */
  paymentsAsOf: number;
  subscriptionAsOf: number;
  /** The ids applied within STRIPE_RESEND_WINDOW_MS of the newest, with Stripe's time of each. */
  recent: ReadonlyArray<{ id: string; at: number }>;
}

export const initialBillingState = (): BillingState => ({
  customerId: null,
  standing: null,
  paymentsAsOf: 0,
  subscriptionAsOf: 0,
  recent: [],
});

const ms = (iso: string) => new Date(iso).getTime();

/** The status a standing's dates say: ended, else past due, else set to cancel, else active. */
export function statusOf(standing: Omit<BillingStanding, 'status'>): BillingStatus {
  if (standing.endedAt) return 'ended';
  if (standing.graceUntil) return 'past_due';
  if (standing.cancelsAt) return 'cancelling';
  return 'active';
}

/** The newest Stripe time remembered (0 before any). */
export const newestStripeTime = (state: BillingState): number =>
  state.recent.reduce((newest, { at }) => Math.max(newest, at), 0);

const PAYMENT_FACTS = new Set<StripeFactEvent['type']>(['BillingInvoicePaid', 'BillingPaymentFailed']);
const SUBSCRIPTION_FACTS = new Set<StripeFactEvent['type']>(['BillingCheckoutCompleted', 'BillingSubscriptionChanged']);

/** The Stripe subscription a fact is about; null for charges, which name none. */
function subscriptionOf(event: StripeFactEvent): string | null {
  return 'subscriptionId' in event.data ? event.data.subscriptionId : null;
}

/** The applied ids after one more: those within STRIPE_RESEND_WINDOW_MS of the newest. */
export function rememberStripeEvent(
  recent: BillingState['recent'],
  stripeEventId: string,
  stripeEventAt: string,
): BillingState['recent'] {
  const at = ms(stripeEventAt);
  const newest = recent.reduce((max, seen) => Math.max(max, seen.at), at);
  return [...recent.filter((seen) => seen.at >= newest - STRIPE_RESEND_WINDOW_MS), { id: stripeEventId, at }];
}

export function evolveBilling(state: BillingState, event: BillingEvent): BillingState {
  if (event.type === 'BillingCustomerCreated') return { ...state, customerId: event.data.customerId };
  const { stripeEventId, stripeEventAt } = event.data;
  const recent = rememberStripeEvent(state.recent, stripeEventId, stripeEventAt);
  // a payment no plan took: applied once, and nothing else
  if (event.type === 'BillingPaymentUnmatched') return { ...state, recent };
  const { billing } = event.data;
  const at = ms(stripeEventAt);
  // only facts about the plan's own subscription move its clocks
  const own = subscriptionOf(event) === billing.subscriptionId;
  return {
    customerId: state.customerId ?? billing.customerId,
    standing: billing,
    paymentsAsOf: own && PAYMENT_FACTS.has(event.type) ? Math.max(state.paymentsAsOf, at) : state.paymentsAsOf,
    subscriptionAsOf:
      own && SUBSCRIPTION_FACTS.has(event.type) ? Math.max(state.subscriptionAsOf, at) : state.subscriptionAsOf,
    recent,
  };
}

import { type BillingStanding, isChargeback, planRuns } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
  type SubscriptionState,
} from '../subscriptions/subscription.state.ts';
import { factEvent, unmatchedPayment } from './billing.fact-events.ts';
import { DAY_MS, newestStripeTime, STRIPE_RESEND_WINDOW_MS, type StripeFactEvent, statusOf } from './billing.state.ts';
import { STOPPED_SUBSCRIPTION, type StripeFact } from './stripe-facts.ts';

export type { StripeFact } from './stripe-facts.ts';

export type BillingCommand =
  | { type: 'RecordBillingCustomer'; userId: string; customerId: string }
  | {
      type: 'ApplyStripeEvent';
      userId: string;
      /** Stripe's event id and its `created`, as ISO. */
      stripeEvent: { id: string; at: string };
      /** BILLING_GRACE_DAYS. */
      graceDays: number;
      fact: StripeFact;
    };

/**
 * What a fact does to the standing: `changed` false records it and leaves the plan as it is;
 * `cancels` names the Stripe subscription the product cancels so that it charges no more.
 */
export interface Outcome {
  standing: BillingStanding;
  planName: string;
  changed: boolean;
  cancels: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (value: string) => new Date(value).getTime();
const later = (a: string | null, b: string) => (a !== null && ms(a) > ms(b) ? a : b);

/**
 * A failed payment keeps the plan on until a day after Stripe's next attempt (the time its
 * answer takes to arrive), and at least the grace days from the first failure.
 */
const RETRY_ANSWER_MS = DAY_MS;

/** A standing with the status its dates say (whatever status the fields it was made from had). */
function standing({
  status: _previous,
  ...fields
}: Omit<BillingStanding, 'status'> & { status?: unknown }): BillingStanding {
  return { status: statusOf(fields), ...fields };
}

function freshStanding(customerId: string, subscriptionId: string, at: number): BillingStanding {
  return standing({
    customerId,
    subscriptionId,
    startedAt: iso(at),
    paidUntil: null,
    graceUntil: null,
    cancelsAt: null,
    endedAt: null,
  });
}

/**
 * Each fact on the plan's subscription, in Stripe's order: an older fact arriving after a
 * newer one is recorded without effect. Another subscription's fact only takes over once the
 * plan's own no longer runs (a renewal bought after the previous one ended); while it runs, a
 * second subscription (two checkouts racing at Stripe) is recorded for admins to see and
 * never adopted, so the plan does not flip between the two. Null: nothing to record it
 * against (no Stripe plan yet, and nothing that starts one).
 */
function outcomeOf(state: SubscriptionState, fact: StripeFact, at: number, graceMs: number): Outcome | null {
  const { standing: current, paymentsAsOf, subscriptionAsOf } = state.billing;
  const planName = state.planName ?? '';
  const recordOnly = current ? { standing: current, planName, changed: false, cancels: null } : null;
  const own = current !== null && 'subscriptionId' in fact && fact.subscriptionId === current.subscriptionId;
  const ended = current?.endedAt != null;
  const live = current !== null && !ended && stripeUntil(current, graceMs) > at;
  const end = (cancels: string | null = null): Outcome | null =>
    current && !ended
      ? { standing: standing({ ...current, endedAt: iso(at) }), planName, changed: true, cancels }
      : recordOnly;
  switch (fact.kind) {
    case 'checkout-completed':
      // known already (its first invoice came first), a second subscription, or an older one after a newer one
      if (current && (current.subscriptionId === fact.subscriptionId || live || at < subscriptionAsOf))
        return recordOnly;
      return {
        standing: freshStanding(fact.customerId, fact.subscriptionId, at),
        planName: fact.planName,
        changed: true,
        cancels: null,
      };
    case 'invoice-paid': {
      if (!own) {
        const newer = !current || ended || at >= subscriptionAsOf;
        if (live || !newer || fact.planName === null) return recordOnly;
        const adopted = freshStanding(fact.customerId, fact.subscriptionId, at);
        return {
          standing: { ...adopted, paidUntil: fact.periodEnd },
          planName: fact.planName,
          changed: true,
          cancels: null,
        };
      }
      if (ended) {
        // a period that starts after the end runs the plan again; an earlier one is a late delivery
        if (ms(fact.periodStart) < ms(current.endedAt!)) return recordOnly;
        const restarted = {
          ...current,
          startedAt: iso(at),
          paidUntil: fact.periodEnd,
          graceUntil: null,
          endedAt: null,
        };
        return {
          standing: standing({ ...restarted, cancelsAt: null }),
          planName: fact.planName ?? planName,
          changed: true,
          cancels: null,
        };
      }
      // the plan of a running subscription changes with customer.subscription.updated, not with an
      // invoice (a switch's proration invoice also bills the old price)
      return {
        standing: standing({
          ...current,
          paidUntil: later(current.paidUntil, fact.periodEnd),
          // a payment newer than every failure settles them; an older one arriving late does not
          graceUntil: at >= paymentsAsOf ? null : current.graceUntil,
        }),
        planName,
        changed: true,
        cancels: null,
      };
    }
    case 'payment-failed': {
      if (!own || ended || at < paymentsAsOf) return recordOnly;
      // the grace days run from the first failure; while Stripe retries, the plan waits for its next attempt
      const atLeast = current.graceUntil ?? iso(at + graceMs);
      const retry = fact.nextPaymentAttempt ? iso(ms(fact.nextPaymentAttempt) + RETRY_ANSWER_MS) : null;
      return {
        standing: standing({ ...current, graceUntil: later(retry, atLeast) }),
        planName,
        changed: true,
        cancels: null,
      };
    }
    case 'payment-action-required':
      return recordOnly;
    case 'invoice-uncollectible':
      // Stripe gave up collecting the plan's invoice
      return own ? end() : recordOnly;
    case 'subscription-updated':
      if (!own || ended || at < subscriptionAsOf) return recordOnly;
      if (STOPPED_SUBSCRIPTION.has(fact.stripeStatus)) return end();
      return {
        standing: standing({ ...current, cancelsAt: fact.cancelsAt }),
        planName: fact.planName ?? planName,
        changed: true,
        cancels: null,
      };
    case 'subscription-deleted':
      return own ? end() : recordOnly;
    case 'charge-refunded': {
      // only a full refund of the charge that paid the period now running ends the plan; any
      // other refund (partial, an older period, another subscription) is money back, nothing more
      const { invoice } = fact;
      const ofPeriodNow =
        current !== null &&
        invoice !== null &&
        invoice.subscriptionId === current.subscriptionId &&
        current.paidUntil !== null &&
        ms(invoice.periodEnd) >= ms(current.paidUntil);
      if (!current || fact.amountRefunded < fact.amount || !ofPeriodNow) return recordOnly;
      return end(current.subscriptionId);
    }
    case 'charge-disputed':
      // a chargeback ends the plan Stripe bills now (the money is withdrawn, whichever period
      // it paid); an inquiry, a won dispute or a warning closed change no plan
      return isChargeback(fact.status) ? end(current?.subscriptionId ?? null) : recordOnly;
  }
}

/**
 * Until when Stripe's billing keeps the plan on: the paid period and the grace days after
 * it (the renewal is charged once the period is over, and a bank may take days to confirm
 * it); past due, until the grace runs out (never before the paid period ends); set to
 * cancel, no later than the cancellation; ended, the end.
 */
function stripeUntil(billing: BillingStanding, graceMs: number): number {
  if (billing.endedAt) return ms(billing.endedAt);
  const paidFrom = ms(billing.paidUntil ?? billing.startedAt);
  let until = billing.graceUntil ? Math.max(paidFrom, ms(billing.graceUntil)) : paidFrom + graceMs;
  if (billing.cancelsAt) until = Math.min(until, ms(billing.cancelsAt));
  return until;
}

/** The plan after an outcome: an admin's days given on top are kept; a plan that was not running starts now. */
function planAfter(
  state: SubscriptionState,
  outcome: Outcome,
  at: number,
  graceMs: number,
): StripeFactEvent['data']['plan'] {
  const { expiresAt, startedAt } = state;
  if (!outcome.changed)
    return { name: outcome.planName, startedAt: startedAt!, expiresAt: expiresAt!, ended: state.endedAt !== null };
  const manual = state.manualUntil === null ? 0 : ms(state.manualUntil);
  const until = Math.max(stripeUntil(outcome.standing, graceMs), manual);
  const ended = outcome.standing.endedAt !== null && manual <= ms(outcome.standing.endedAt);
  const running = planRuns(state, new Date(at));
  return {
    name: outcome.planName,
    startedAt: running && startedAt ? startedAt : iso(at),
    expiresAt: iso(until),
    ended,
  };
}

/**
 * Stream `subscription-<userId>` (decisions.md §13): each Stripe event is applied once, as one
 * event of the subscriber's stream, decided on what the stream already knows. The same
 * state and fold as the admin's plan commands (subscription.decider.ts).
 */
export const billingDecider: Decider<BillingCommand, SubscriptionState, SubscriptionEvent> = {
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  decide: (command, state, now) => {
    if (command.type === 'RecordBillingCustomer') {
      // two checkouts at once: the first customer recorded is the subscriber's
      if (state.billing.customerId) return [];
      const { userId, customerId } = command;
      return [{ type: 'BillingCustomerCreated', data: { userId, customerId, createdAt: now.toISOString() } }];
    }
    const { stripeEvent, graceDays, userId } = command;
    const at = ms(stripeEvent.at);
    // applied already (a retried delivery), or older than anything Stripe still resends
    if (state.billing.recent.some((seen) => seen.id === stripeEvent.id)) return [];
    if (at < newestStripeTime(state.billing) - STRIPE_RESEND_WINDOW_MS) return [];
    const graceMs = graceDays * DAY_MS;
    const outcome = outcomeOf(state, command.fact, at, graceMs);
    const recorded = { userId, stripeEventId: stripeEvent.id, stripeEventAt: iso(at) };
    // a payment fact no Stripe plan of the subscriber takes is recorded all the same
    if (!outcome) {
      const unmatched = unmatchedPayment(command.fact, recorded);
      return unmatched ? [unmatched] : [];
    }
    const { fact } = command;
    // a paid period says whether it is a trial's; every other fact keeps what the last one said
    const billing =
      fact.kind === 'invoice-paid' && outcome.changed
        ? { ...outcome.standing, trialUntil: fact.trial ? fact.periodEnd : null }
        : outcome.standing;
    const common = { ...recorded, billing, plan: planAfter(state, outcome, at, graceMs) };
    return [factEvent(fact, common, outcome.cancels)];
  },
};

import { planRuns, type BillingStanding } from '@vip/contracts';
import type { Decider } from '../core/decider.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
  type SubscriptionState,
} from '../subscriptions/subscription.state.ts';
import { DAY_MS, STRIPE_RESEND_WINDOW_MS, newestStripeTime, statusOf, type StripeFactEvent } from './billing.state.ts';

/** A Stripe event as the webhook read it: what happened, with the plan its price stands for. */
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
      /** The free period of a trial (the subscription's first invoice, nothing to charge before discounts). */
      trial?: boolean;
    }
  | { kind: 'payment-failed'; invoiceId: string; customerId: string; subscriptionId: string }
  | {
      kind: 'subscription-updated';
      customerId: string;
      subscriptionId: string;
      planName: string | null;
      cancelsAt: string | null;
    }
  | { kind: 'subscription-deleted'; customerId: string; subscriptionId: string }
  /** Charges name no subscription: they are about the plan Stripe bills the customer now. */
  | {
      kind: 'charge-refunded';
      chargeId: string;
      amount: number;
      amountRefunded: number;
      currency: string;
    }
  | {
      kind: 'charge-disputed';
      chargeId: string;
      disputeId: string;
      amount: number;
      currency: string;
    };

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

/** What a fact does to the standing: `changed` false records it and leaves the plan as it is. */
interface Outcome {
  standing: BillingStanding;
  planName: string;
  changed: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (value: string) => new Date(value).getTime();
const later = (a: string | null, b: string) => (a !== null && ms(a) > ms(b) ? a : b);

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
 * newer one is recorded without effect; another subscription's fact only takes over when
 * it is newer (a renewal bought after the previous one ended). Null: nothing to record it
 * against (no Stripe plan yet, and nothing that starts one).
 */
function outcomeOf(state: SubscriptionState, fact: StripeFact, at: number, graceMs: number): Outcome | null {
  const { standing: current, paymentsAsOf, subscriptionAsOf } = state.billing;
  const planName = state.planName ?? '';
  const recordOnly = current ? { standing: current, planName, changed: false } : null;
  const own = current !== null && 'subscriptionId' in fact && fact.subscriptionId === current.subscriptionId;
  const ended = current?.endedAt != null;
  switch (fact.kind) {
    case 'checkout-completed':
      // known already (its first invoice came first), or an older subscription's, after a newer one
      if (current && (current.subscriptionId === fact.subscriptionId || at < subscriptionAsOf)) return recordOnly;
      return {
        standing: freshStanding(fact.customerId, fact.subscriptionId, at),
        planName: fact.planName,
        changed: true,
      };
    case 'invoice-paid': {
      if (!own) {
        const newer = !current || ended || at >= subscriptionAsOf;
        if (!newer || fact.planName === null) return recordOnly;
        const adopted = freshStanding(fact.customerId, fact.subscriptionId, at);
        return { standing: { ...adopted, paidUntil: fact.periodEnd }, planName: fact.planName, changed: true };
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
      };
    }
    case 'payment-failed':
      if (!own || ended || at < paymentsAsOf) return recordOnly;
      // the grace runs from the first failure: Stripe's retries fail again without prolonging it
      return {
        standing: standing({ ...current, graceUntil: current.graceUntil ?? iso(at + graceMs) }),
        planName,
        changed: true,
      };
    case 'subscription-updated':
      if (!own || ended || at < subscriptionAsOf) return recordOnly;
      return {
        standing: standing({ ...current, cancelsAt: fact.cancelsAt }),
        planName: fact.planName ?? planName,
        changed: true,
      };
    case 'subscription-deleted':
      if (!own || ended) return recordOnly;
      return { standing: standing({ ...current, endedAt: iso(at) }), planName, changed: true };
    case 'charge-refunded':
    case 'charge-disputed': {
      // charges name no subscription: a full refund or a chargeback ends the plan Stripe bills now
      const full = fact.kind === 'charge-disputed' || fact.amountRefunded >= fact.amount;
      if (!current || !full || ended) return recordOnly;
      return { standing: standing({ ...current, endedAt: iso(at) }), planName, changed: true };
    }
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

function factEvent(command: Extract<BillingCommand, { type: 'ApplyStripeEvent' }>, common: object): StripeFactEvent {
  const { fact } = command;
  switch (fact.kind) {
    case 'checkout-completed': {
      const { checkoutSessionId, subscriptionId, planName } = fact;
      return {
        type: 'BillingCheckoutCompleted',
        data: { ...common, checkoutSessionId, subscriptionId, planName },
      } as StripeFactEvent;
    }
    case 'invoice-paid': {
      const { invoiceId, subscriptionId, amountPaid, currency, periodStart, periodEnd } = fact;
      return {
        type: 'BillingInvoicePaid',
        data: { ...common, invoiceId, subscriptionId, amountPaid, currency, periodStart, periodEnd },
      } as StripeFactEvent;
    }
    case 'payment-failed':
      return {
        type: 'BillingPaymentFailed',
        data: { ...common, invoiceId: fact.invoiceId, subscriptionId: fact.subscriptionId },
      } as StripeFactEvent;
    case 'subscription-updated': {
      const { subscriptionId, planName, cancelsAt } = fact;
      return {
        type: 'BillingSubscriptionChanged',
        data: { ...common, subscriptionId, planName, cancelsAt },
      } as StripeFactEvent;
    }
    case 'subscription-deleted':
      return {
        type: 'BillingSubscriptionCancelled',
        data: { ...common, subscriptionId: fact.subscriptionId },
      } as StripeFactEvent;
    case 'charge-refunded': {
      const { chargeId, amount, amountRefunded, currency } = fact;
      return {
        type: 'BillingChargeRefunded',
        data: { ...common, chargeId, amount, amountRefunded, currency },
      } as StripeFactEvent;
    }
    case 'charge-disputed': {
      const { chargeId, disputeId, amount, currency } = fact;
      return {
        type: 'BillingChargeDisputed',
        data: { ...common, chargeId, disputeId, amount, currency },
      } as StripeFactEvent;
    }
  }
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
    if (!outcome) return [];
    const { fact } = command;
    // a paid period says whether it is a trial's; every other fact keeps what the last one said
    const billing =
      fact.kind === 'invoice-paid' && outcome.changed
        ? { ...outcome.standing, trialUntil: fact.trial ? fact.periodEnd : null }
        : outcome.standing;
    const common = {
      userId,
      stripeEventId: stripeEvent.id,
      stripeEventAt: iso(at),
      billing,
      plan: planAfter(state, outcome, at, graceMs),
    };
    return [factEvent(command, common)];
  },
};

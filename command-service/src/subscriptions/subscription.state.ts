import type { EventOf, PlanRecord } from '@vip/contracts';
import { type BillingEvent, type BillingState, evolveBilling, initialBillingState } from '../billing/billing.state.ts';

/** Stream `subscription-<userId>`: a subscriber's plan. */
export const subscriptionStream = (userId: string) => `subscription-${userId}`;

/** The admin's plan events and (billing.state.ts) the Stripe facts of the same plan. */
export type SubscriptionEvent =
  | EventOf<'SubscriptionStarted' | 'SubscriptionExtended' | 'SubscriptionEnded'>
  | BillingEvent;

/**
 * The plan's facts as contracts' plans.ts reads them (PlanRecord: the same fields as its read
 * model's document), so whether it runs and what it gives is stated there once.
 */
export interface SubscriptionState extends PlanRecord {
  startedAt: string | null;
  discordUserId: string | null;
  /**
   * The expiry as an admin's own commands last set it (start, extend; an end clears it). Kept
   * apart from Stripe's so that neither takes the other's days away: a plan Stripe bills runs
   * until the later of the two.
   */
  manualUntil: string | null;
  /** How Stripe bills this plan, and what the next Stripe decision needs to remember. */
  billing: BillingState;
}

export const initialSubscriptionState = (): SubscriptionState => ({
  planName: null,
  slotsOverride: null,
  startedAt: null,
  expiresAt: null,
  endedAt: null,
  discordUserId: null,
  manualUntil: null,
  billing: initialBillingState(),
});

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionStarted': {
      const { planName, slotsOverride, startedAt, expiresAt, discordUserId } = event.data;
      return {
        ...state,
        planName,
        slotsOverride,
        startedAt,
        expiresAt,
        endedAt: null,
        discordUserId,
        manualUntil: expiresAt,
      };
    }
    case 'SubscriptionExtended': {
      const { slotsOverride, expiresAt } = event.data;
      return { ...state, slotsOverride, expiresAt, endedAt: null, manualUntil: expiresAt };
    }
    case 'SubscriptionEnded':
      return { ...state, expiresAt: event.data.endedAt, endedAt: event.data.endedAt, manualUntil: null };
    case 'BillingCustomerCreated':
    case 'BillingPaymentUnmatched':
      return { ...state, billing: evolveBilling(state.billing, event) };
    default: {
      // a Stripe fact: the plan is what the decision made of it
      const { plan } = event.data;
      return {
        ...state,
        planName: plan.name,
        startedAt: plan.startedAt,
        expiresAt: plan.expiresAt,
        endedAt: plan.ended ? plan.expiresAt : null,
        billing: evolveBilling(state.billing, event),
      };
    }
  }
}

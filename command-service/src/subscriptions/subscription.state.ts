import { planSlots, usableSlots, type EventOf, type PlanHolding, type SlotLimits } from '@vip/contracts';
import { evolveBilling, initialBillingState, type BillingEvent, type BillingState } from '../billing/billing.state.ts';

/** Stream `subscription-<userId>`: a subscriber's plan. */
export const subscriptionStream = (userId: string) => `subscription-${userId}`;

/** The admin's plan events and (billing.state.ts) the Stripe facts of the same plan. */
export type SubscriptionEvent =
  | EventOf<'SubscriptionStarted' | 'SubscriptionExtended' | 'SubscriptionEnded'>
  | BillingEvent;

export interface SubscriptionState {
  status: 'none' | 'running' | 'ended';
  planName: string | null;
  /** The admin's number of slots; null follows the plan. */
  slotsOverride: number | null;
  startedAt: string | null;
  expiresAt: string | null;
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
  status: 'none',
  planName: null,
  slotsOverride: null,
  startedAt: null,
  expiresAt: null,
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
        status: 'running',
        planName,
        slotsOverride,
        startedAt,
        expiresAt,
        discordUserId,
        manualUntil: expiresAt,
      };
    }
    case 'SubscriptionExtended': {
      const { slotsOverride, expiresAt } = event.data;
      return { ...state, status: 'running', slotsOverride, expiresAt, manualUntil: expiresAt };
    }
    case 'SubscriptionEnded':
      return { ...state, status: 'ended', expiresAt: event.data.endedAt, manualUntil: null };
    case 'BillingCustomerCreated':
      return { ...state, billing: evolveBilling(state.billing, event) };
    default: {
      // a Stripe fact: the plan is what the decision made of it
      const { plan } = event.data;
      return {
        ...state,
        status: plan.ended ? 'ended' : 'running',
        planName: plan.name,
        startedAt: plan.startedAt,
        expiresAt: plan.expiresAt,
        billing: evolveBilling(state.billing, event),
      };
    }
  }
}

/** Active: started, not ended, and not past its expiry at `now`. */
export function isSubscriptionActive(state: SubscriptionState, now: Date): boolean {
  return state.status === 'running' && state.expiresAt !== null && new Date(state.expiresAt).getTime() > now.getTime();
}

/** The plan as contracts' plans.ts reads it at `now`; null for someone who never had one. */
export function planHoldingOf(state: SubscriptionState, now: Date): PlanHolding | null {
  if (state.status === 'none' || state.planName === null) return null;
  return { planName: state.planName, slotsOverride: state.slotsOverride, active: isSubscriptionActive(state, now) };
}

/** Slots the plan gives while it runs (the override, else the plan's), or the default while there is none. */
export function slotsOf(state: SubscriptionState, defaultSlots: number): number {
  const { planName, slotsOverride } = state;
  return planName === null ? defaultSlots : planSlots({ planName, slotsOverride }, defaultSlots);
}

/** Slots usable at `now`: an ended plan keeps only the free tier's (decisions.md §11). */
export function usableSlotsOf(state: SubscriptionState, limits: SlotLimits, now: Date): number {
  return usableSlots(planHoldingOf(state, now), limits);
}

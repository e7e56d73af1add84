import { planSlots, usableSlots, type EventOf, type PlanHolding, type SlotLimits } from '@vip/contracts';

/** Stream `subscription-<userId>`: a subscriber's plan. */
export const subscriptionStream = (userId: string) => `subscription-${userId}`;

export type SubscriptionEvent = EventOf<'SubscriptionStarted' | 'SubscriptionExtended' | 'SubscriptionEnded'>;

export interface SubscriptionState {
  status: 'none' | 'running' | 'ended';
  planName: string | null;
  /** The admin's number of slots; null follows the plan. */
  slotsOverride: number | null;
  startedAt: string | null;
  expiresAt: string | null;
  discordUserId: string | null;
}

export const initialSubscriptionState = (): SubscriptionState => ({
  status: 'none',
  planName: null,
  slotsOverride: null,
  startedAt: null,
  expiresAt: null,
  discordUserId: null,
});

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionStarted': {
      const { planName, slotsOverride, startedAt, expiresAt, discordUserId } = event.data;
      return { status: 'running', planName, slotsOverride, startedAt, expiresAt, discordUserId };
    }
    case 'SubscriptionExtended':
      return { ...state, status: 'running', slotsOverride: event.data.slotsOverride, expiresAt: event.data.expiresAt };
    case 'SubscriptionEnded':
      return { ...state, status: 'ended', expiresAt: event.data.endedAt };
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

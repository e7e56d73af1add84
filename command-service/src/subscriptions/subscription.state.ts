import type { EventOf } from '@vip/contracts';

/** Stream `subscription-<userId>`: a subscriber's plan. */
export const subscriptionStream = (userId: string) => `subscription-${userId}`;

export type SubscriptionEvent = EventOf<'SubscriptionStarted' | 'SubscriptionExtended' | 'SubscriptionEnded'>;

export interface SubscriptionState {
  status: 'none' | 'running' | 'ended';
  planName: string | null;
  maxSlots: number | null;
  startedAt: string | null;
  expiresAt: string | null;
  discordUserId: string | null;
}

export const initialSubscriptionState = (): SubscriptionState => ({
  status: 'none',
  planName: null,
  maxSlots: null,
  startedAt: null,
  expiresAt: null,
  discordUserId: null,
});

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionStarted': {
      const { planName, maxSlots, startedAt, expiresAt, discordUserId } = event.data;
      return { status: 'running', planName, maxSlots, startedAt, expiresAt, discordUserId };
    }
    case 'SubscriptionExtended':
      return { ...state, status: 'running', maxSlots: event.data.maxSlots, expiresAt: event.data.expiresAt };
    case 'SubscriptionEnded':
      return { ...state, status: 'ended', expiresAt: event.data.endedAt };
  }
}

/** Active: started, not ended, and not past its expiry at `now`. */
export function isSubscriptionActive(state: SubscriptionState, now: Date): boolean {
  return state.status === 'running' && state.expiresAt !== null && new Date(state.expiresAt).getTime() > now.getTime();
}

/** Slots a subscriber may fill: the plan's, or the default while they have none. */
export function slotsOf(state: SubscriptionState, defaultSlots: number): number {
  return state.maxSlots ?? defaultSlots;
}

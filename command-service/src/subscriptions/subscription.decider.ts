import {
  configDefaults,
  errorCodes,
  planRuns,
  planSlots,
  type SubscriptionSummary,
  subscriptionTexts,
} from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription.state.ts';

const DAY_MS = 24 * 3600_000;

export type SubscriptionCommand =
  | {
      type: 'StartSubscription';
      userId: string;
      /** One of contracts' plans (the route checks the name). */
      planName: string;
      days: number;
      /** null: the plan's slots. */
      slotsOverride: number | null;
      discordUserId: string | null;
    }
  /** slotsOverride null: the slots stay as they are. */
  | { type: 'ExtendSubscription'; userId: string; days: number; slotsOverride: number | null }
  | { type: 'EndSubscription'; userId: string };

/**
 * Stream `subscription-<userId>`. The state and its fold live in subscription.state.ts
 * because other areas (server slots, key tiers) read plans through them too.
 */
export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionState, SubscriptionEvent> = {
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'StartSubscription': {
        if (state.planName !== null)
          throw new DomainError('conflict', subscriptionTexts.alreadySubscribed, errorCodes.alreadySubscribed);
        const { userId, planName, days, slotsOverride, discordUserId } = command;
        const expiresAt = new Date(now.getTime() + days * DAY_MS).toISOString();
        return [
          {
            type: 'SubscriptionStarted',
            data: { userId, planName, slotsOverride, startedAt: now.toISOString(), expiresAt, discordUserId },
          },
        ];
      }
      case 'ExtendSubscription': {
        if (state.planName === null)
          throw new DomainError('not_found', subscriptionTexts.subscriberNotFound, errorCodes.subscriberNotFound);
        // days paid for are never lost: a plan still running grows from its expiry, a lapsed or ended one from now
        const from = Math.max(now.getTime(), new Date(state.expiresAt!).getTime());
        const { userId, days } = command;
        const slotsOverride = command.slotsOverride ?? state.slotsOverride;
        const expiresAt = new Date(from + days * DAY_MS).toISOString();
        return [
          {
            type: 'SubscriptionExtended',
            data: { userId, days, slotsOverride, expiresAt, extendedAt: now.toISOString() },
          },
        ];
      }
      case 'EndSubscription': {
        if (state.planName === null)
          throw new DomainError('not_found', subscriptionTexts.subscriberNotFound, errorCodes.subscriberNotFound);
        // a plan that ran out on its own has ended too; ending it again would move its expiry forward
        if (!planRuns(state, now))
          throw new DomainError('conflict', subscriptionTexts.alreadyEnded, errorCodes.subscriptionEnded);
        return [{ type: 'SubscriptionEnded', data: { userId: command.userId, endedAt: now.toISOString() } }];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

/** What the admin sees of a plan after a change. */
export function subscriptionSummary(state: SubscriptionState, now: Date): SubscriptionSummary {
  return {
    planName: state.planName!,
    startedAt: state.startedAt!,
    expiresAt: state.expiresAt!,
    maxSlots: planSlots(state, configDefaults.defaultServerSlots),
    slotsOverride: state.slotsOverride,
    active: planRuns(state, now),
  };
}

import { botSettingsTexts, configDefaults, errorCodes } from '@vip/contracts';
import { DomainError, type EventStore } from '@vip/platform';
import { loadState } from '../core/load-state.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  isSubscriptionActive,
  subscriptionStream,
  type SubscriptionState,
} from '../subscriptions/subscription.state.ts';
import { evolveServerOwner, initialServerOwnerState, serverOwnerStream } from '../user-servers/server-owner.state.ts';
import { evolveUserServers, initialUserServersState, userServersStream } from '../user-servers/user-servers.decider.ts';

/**
 * Whether the poster bot may post in a server (spec §9: the poster bot's Business plan, "up
 * to 3 servers"). A server's plan is its owner's: the subscriber whose panel lists it, as for
 * the key page's tier. The plan covers the poster bot in the first `serverSlots` servers of
 * that list, so the owner chooses which ones by the order they added them.
 */
export type PosterStanding =
  | { covered: true }
  | { covered: false; reason: 'no_plan' | 'other_plan' | 'plan_ended' | 'beyond_limit'; servers: number };

const { posterPlan } = configDefaults;

/** The plan of the subscriber is the poster bot's plan (by name, as subscriptions name plans). */
export const planIncludesPoster = (plan: Pick<SubscriptionState, 'planName'>) =>
  plan.planName?.trim().toLowerCase() === posterPlan.name.toLowerCase();

/** The subscriber the server belongs to in the panel (H6's proof of management decides who may claim it). */
async function serverOwnerOf(store: EventStore, guildId: string): Promise<string | null> {
  return (await loadState(store, serverOwnerStream(guildId), evolveServerOwner, initialServerOwnerState())).state
    .ownerId;
}

async function planOf(store: EventStore, userId: string): Promise<SubscriptionState> {
  return (await loadState(store, subscriptionStream(userId), evolveSubscription, initialSubscriptionState())).state;
}

/** Where the server sits in its owner's list of servers (0 first), -1 when it is not there. */
async function placeInOwnersServers(store: EventStore, userId: string, guildId: string): Promise<number> {
  const { state } = await loadState(store, userServersStream(userId), evolveUserServers, initialUserServersState());
  return state.servers.indexOf(guildId);
}

/** The server's standing at `now`, read from the log; the conditions in the order a member fixes them. */
export async function posterStanding(store: EventStore, guildId: string, now: Date): Promise<PosterStanding> {
  const servers = posterPlan.serverSlots;
  const ownerId = await serverOwnerOf(store, guildId);
  if (ownerId === null) return { covered: false, reason: 'no_plan', servers };
  const plan = await planOf(store, ownerId);
  if (plan.status === 'none') return { covered: false, reason: 'no_plan', servers };
  if (!planIncludesPoster(plan)) return { covered: false, reason: 'other_plan', servers };
  if (!isSubscriptionActive(plan, now)) return { covered: false, reason: 'plan_ended', servers };
  const place = await placeInOwnersServers(store, ownerId, guildId);
  if (place < 0) return { covered: false, reason: 'no_plan', servers };
  if (place >= servers) return { covered: false, reason: 'beyond_limit', servers };
  return { covered: true };
}

/** The refusal a member reads for a server the plan does not cover; null when it does. */
export function posterRefusal(standing: PosterStanding): DomainError | null {
  if (standing.covered) return null;
  switch (standing.reason) {
    case 'no_plan':
      return new DomainError('forbidden', botSettingsTexts.posterNoPlan, errorCodes.posterPlanRequired);
    case 'other_plan':
      return new DomainError('forbidden', botSettingsTexts.posterOtherPlan, errorCodes.posterPlanRequired);
    case 'plan_ended':
      return new DomainError('forbidden', botSettingsTexts.posterPlanEnded, errorCodes.posterPlanRequired);
    case 'beyond_limit':
      return new DomainError(
        'forbidden',
        botSettingsTexts.posterServerLimit(standing.servers),
        errorCodes.posterServerLimit,
      );
  }
}

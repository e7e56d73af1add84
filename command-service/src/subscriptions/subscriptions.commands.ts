import {
  errorCodes,
  type PlanHolding,
  planHoldingOf,
  planTexts,
  projections,
  readOnlyServers,
  type SlotLimits,
  usableSlots,
} from '@vip/contracts';
import { DomainError, type EventStore } from '@vip/platform';
import { commandHandlerFor } from '../core/command-handler.ts';
import { loadState } from '../core/load-state.ts';
import { evolveUserServers, initialUserServersState, userServersStream } from '../servers/user-servers.state.ts';
import { subscriptionDecider } from './subscription.decider.ts';
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionState,
  subscriptionStream,
} from './subscription.state.ts';

// the admin's list refetches right after these answers: let it see the change
export const subscriptions = commandHandlerFor(subscriptionDecider, (command) => subscriptionStream(command.userId), {
  readYourWrites: { projection: projections.subscriptions, ifLate: 'answer' },
});

/**
 * What a subscriber's plan allows at `now`, read from the log for a decision (never from a
 * read model). Each condition is its own function; routes combine the ones they need.
 */

/** A subscriber's plan and its billing, as their stream has them. */
export async function subscriptionOf(store: EventStore, userId: string): Promise<SubscriptionState> {
  return (await loadState(store, subscriptionStream(userId), evolveSubscription, initialSubscriptionState())).state;
}

/** The subscriber's plan at `now`; null when they never had one. */
export async function planOfSubscriber(store: EventStore, userId: string, now: Date): Promise<PlanHolding | null> {
  return planHoldingOf(await subscriptionOf(store, userId), now);
}

/**
 * Is this server beyond the free tier of its owner's ended plan? Such a server keeps its
 * settings, but its owner cannot change them until the plan is renewed (decisions.md §11).
 */
export async function isServerReadOnly(
  store: EventStore,
  owner: { userId: string; guildId: string },
  limits: SlotLimits,
  now: Date,
): Promise<boolean> {
  const holding = await planOfSubscriber(store, owner.userId, now);
  if (!holding || holding.active) return false;
  const { state } = await loadState(
    store,
    userServersStream(owner.userId),
    evolveUserServers,
    initialUserServersState(),
  );
  return readOnlyServers(state.servers, usableSlots(holding, limits)).includes(owner.guildId);
}

export const serverReadOnlyError = () =>
  new DomainError('forbidden', planTexts.serverReadOnly, errorCodes.serverReadOnly);

/**
 * A subscriber changes a server's settings only while it is not read-only; admins always may.
 * `ownerId` is the server's owner (the caller, once the route checked they hold it).
 */
export async function requireEditableServer(
  store: EventStore,
  input: { caller: { isAdmin: boolean }; ownerId: string | null; guildId: string },
  limits: SlotLimits,
  now: Date,
): Promise<void> {
  if (input.caller.isAdmin || input.ownerId === null) return;
  if (await isServerReadOnly(store, { userId: input.ownerId, guildId: input.guildId }, limits, now))
    throw serverReadOnlyError();
}

/**
 * While a plan has ended, a server is added only into the free tier's slots; the plan's own
 * slot limit (the add-server decision) applies while it runs.
 */
export async function requireFreeTierSlot(
  store: EventStore,
  userId: string,
  limits: SlotLimits,
  now: Date,
): Promise<void> {
  const holding = await planOfSubscriber(store, userId, now);
  if (!holding || holding.active) return;
  const usable = usableSlots(holding, limits);
  const { state } = await loadState(store, userServersStream(userId), evolveUserServers, initialUserServersState());
  if (state.servers.length >= usable)
    throw new DomainError('conflict', planTexts.freeTierFull(usable), errorCodes.maxServers);
}

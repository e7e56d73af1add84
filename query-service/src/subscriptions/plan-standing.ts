import {
  planHoldingOf,
  readOnlyServers,
  serverReadModels,
  subscriptionReadModels,
  usableSlots,
  type PlanHolding,
  type ServerOwnerDocument,
  type SlotLimits,
  type SubscriptionDocument,
  type UserServersDocument,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/** A subscriber's plan and servers at `now`, as the panel explains them (decisions.md §11). */
export interface SubscriberStanding {
  subscription: SubscriptionDocument | null;
  holding: PlanHolding | null;
  servers: string[];
  usableSlots: number;
  readOnlyServers: string[];
}

export async function subscriberStanding(
  readStore: ReadStore,
  userId: string,
  limits: SlotLimits,
  now: Date,
): Promise<SubscriberStanding> {
  const [subscription, slots] = await Promise.all([
    readStore.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions).findOne({ _id: userId }),
    readStore.collection<UserServersDocument>(serverReadModels.userServers).findOne({ _id: userId }),
  ]);
  const holding = planHoldingOf(subscription, now);
  const servers = slots?.servers ?? [];
  const usable = usableSlots(holding, limits);
  return { subscription, holding, servers, usableSlots: usable, readOnlyServers: readOnlyServers(servers, usable) };
}

/** The server's owner and their standing; null when nobody holds it. */
export async function serverOwnerStanding(
  readStore: ReadStore,
  guildId: string,
  limits: SlotLimits,
  now: Date,
): Promise<(SubscriberStanding & { ownerId: string }) | null> {
  const owner = await readStore
    .collection<ServerOwnerDocument>(serverReadModels.serverOwners)
    .findOne({ _id: guildId });
  if (!owner) return null;
  return { ownerId: owner.userId, ...(await subscriberStanding(readStore, owner.userId, limits, now)) };
}

export const slotLimitsOf = (config: { defaultServerSlots: number; freeTierServers: number }): SlotLimits => ({
  defaultSlots: config.defaultServerSlots,
  freeTierServers: config.freeTierServers,
});

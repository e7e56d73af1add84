import {
  type DiscordAccountDocument,
  discordAvatarUrl,
  discordReadModels,
  type GuildDocument,
  isVerifiedClaim,
  type PlanHolding,
  planHoldingOf,
  readOnlyServers,
  type ServerOwnerDocument,
  type SlotLimits,
  type SubscriberIdentity,
  type SubscriptionDocument,
  serverReadModels,
  subscriptionReadModels,
  type UserServersDocument,
  usableSlots,
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

/**
 * What the admin's Subscribers screen shows of each subscriber besides the plan: the linked
 * Discord account and the servers they hold, verified or not (decisions.md §9). Three reads
 * for the whole list, whatever its length.
 */
export async function subscriberIdentities(
  readStore: ReadStore,
  userIds: readonly string[],
): Promise<Map<string, SubscriberIdentity>> {
  const ids = [...userIds];
  const [accounts, owners] = await Promise.all([
    readStore.collection<DiscordAccountDocument>(discordReadModels.discordAccounts).find({ _id: { $in: ids } }),
    readStore
      .collection<ServerOwnerDocument>(serverReadModels.serverOwners)
      .find({ userId: { $in: ids } }, { sort: { claimedAt: 1, _id: 1 } }),
  ]);
  const guilds = await readStore
    .collection<GuildDocument>(serverReadModels.guilds)
    .find({ _id: { $in: owners.map((owner) => owner._id) } }, { projection: { _id: 1, name: 1 } });
  const nameOf = new Map(guilds.map((guild) => [guild._id, guild.name]));
  const accountOf = new Map(accounts.map((account) => [account._id, account]));
  const identities = new Map<string, SubscriberIdentity>();
  for (const userId of ids) {
    const account = accountOf.get(userId);
    identities.set(userId, {
      discord: account
        ? {
            id: account.discordUserId,
            username: account.username,
            avatar: discordAvatarUrl(account.discordUserId, account.avatar),
          }
        : null,
      servers: [],
    });
  }
  for (const owner of owners)
    identities.get(owner.userId)?.servers.push({
      id: owner._id,
      name: nameOf.get(owner._id) ?? null,
      verified: isVerifiedClaim(owner),
    });
  return identities;
}

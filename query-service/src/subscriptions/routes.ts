import {
  authReadModels,
  type DiscordAccountDocument,
  discordReadModels,
  errorCodes,
  isDiscordId,
  planBillingOf,
  planIncludes,
  planNamed,
  planRuns,
  planSlots,
  type SubscriptionDocument,
  slotLimitsOf,
  subscriptionReadModels,
  subscriptionsApi,
  subscriptionTexts,
  type UserDocument,
} from '@vip/contracts';
import { DomainError, type MountedRoute, on } from '@vip/platform';
import { containing, cursorAfter, pageFilter, pageOf } from '../admin-list-page.ts';
import type { QueryDeps } from '../deps.ts';
import { subscriberIdentities, subscriberStanding } from './subscriptions.queries.ts';

/** Accounts a search may name, and accounts looked at for the ones without a plan, at most: a vaguer search is narrowed by the admin. */
const ACCOUNTS_MATCHED_AT_MOST = 1000;
const ACCOUNTS_CHUNK = 200;

/** GET /api/user/subscription, /api/user/:id, /api/admin/subscribers. */
export function subscriptionRoutes(deps: QueryDeps): MountedRoute[] {
  const subscriptions = () => deps.readStore.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions);
  const users = () => deps.readStore.collection<UserDocument>(authReadModels.users);
  // while billing is off every plan is an admin's: the answers stay as they were
  const billingOf = (plan: SubscriptionDocument) =>
    deps.config.billing || plan.billing ? { billing: planBillingOf(plan) } : {};

  /** The user ids a search names (a user id, a Discord id, part of a name); undefined: no search. */
  const accountsMatching = async (search: string | undefined): Promise<string[] | undefined> => {
    if (search === undefined) return undefined;
    const [named, linked] = await Promise.all([
      users().find(
        { $or: [{ _id: search }, { username: containing(search) }] },
        { projection: { _id: 1 }, limit: ACCOUNTS_MATCHED_AT_MOST },
      ),
      isDiscordId(search)
        ? deps.readStore
            .collection<DiscordAccountDocument>(discordReadModels.discordAccounts)
            .find({ discordUserId: search }, { projection: { _id: 1 } })
        : [],
    ]);
    return [...new Set([...named, ...linked].map((account) => account._id))];
  };

  /**
   * Up to `limit` of the newest non-admin accounts without a plan (among `matching`, when a
   * search gave them), read a chunk at a time and never more than ACCOUNTS_MATCHED_AT_MOST.
   */
  const accountsWithoutPlan = async (matching: string[] | undefined, limit: number) => {
    const found: Pick<UserDocument, '_id' | 'username' | 'registeredAt'>[] = [];
    let after: string | undefined;
    for (let read = 0; found.length < limit && read < ACCOUNTS_MATCHED_AT_MOST; read += ACCOUNTS_CHUNK) {
      const conditions = [{ isAdmin: false }, ...(matching ? [{ _id: { $in: matching } }] : [])];
      const chunk = await users().find(pageFilter('registeredAt', after, conditions), {
        sort: { registeredAt: -1, _id: -1 },
        limit: ACCOUNTS_CHUNK,
        projection: { _id: 1, username: 1, registeredAt: 1 },
      });
      if (chunk.length === 0) break;
      const withPlan = new Set(
        (
          await subscriptions().find({ _id: { $in: chunk.map((account) => account._id) } }, { projection: { _id: 1 } })
        ).map((plan) => plan._id),
      );
      found.push(...chunk.filter((account) => !withPlan.has(account._id)));
      const last = chunk[chunk.length - 1];
      after = cursorAfter(last.registeredAt, last._id);
      if (chunk.length < ACCOUNTS_CHUNK) break;
    }
    return found.slice(0, limit);
  };

  return [
    on(subscriptionsApi.subscribers, async ({ query }) => {
      const now = new Date();
      const matching = await accountsMatching(query.search);
      const filter = pageFilter('startedAt', query.after, matching ? [{ _id: { $in: matching } }] : []);
      const rows = await subscriptions().find(filter, { sort: { startedAt: -1, _id: -1 }, limit: query.limit + 1 });
      const { page: plans, next } = pageOf(rows, query.limit, (last) => cursorAfter(last.startedAt, last._id));
      const names = new Map(
        (
          await users().find({ _id: { $in: plans.map((plan) => plan._id) } }, { projection: { _id: 1, username: 1 } })
        ).map((user) => [user._id, user.username]),
      );
      // accounts that never had a plan (npm run user, a Discord sign-up): an admin must find them too
      const accounts = query.after === undefined ? await accountsWithoutPlan(matching, query.limit) : [];
      const identities = await subscriberIdentities(deps.readStore, [
        ...plans.map((plan) => plan.userId),
        ...accounts.map((account) => account._id),
      ]);
      return {
        subscribers: plans.map((plan) => ({
          id: plan.userId,
          username: names.get(plan.userId) ?? 'Unknown',
          planName: plan.planName,
          startedAt: plan.startedAt,
          expiresAt: plan.expiresAt,
          active: planRuns(plan, now),
          maxSlots: plan.maxSlots,
          slotsOverride: plan.slotsOverride,
          discordUserId: plan.discordUserId,
          ...billingOf(plan),
          ...identities.get(plan.userId)!,
        })),
        nextAfter: next,
        withoutPlan: accounts.map((account) => ({
          id: account._id,
          username: account.username,
          registeredAt: account.registeredAt,
          ...identities.get(account._id)!,
        })),
      };
    }),

    on(subscriptionsApi.userSubscription, async ({ user }) => {
      const now = new Date();
      const standing = await subscriberStanding(deps.readStore, user.id, slotLimitsOf(deps.config), now);
      const plan = standing.subscription;
      if (!plan) throw new DomainError('not_found', subscriptionTexts.noActiveSubscription, errorCodes.noSubscription);
      const sold = planNamed(plan.planName);
      // the license key is derived from the id on every read; no password is ever part of this answer
      return {
        planName: plan.planName,
        createdAt: plan.startedAt,
        expiresAt: plan.expiresAt,
        active: planRuns(plan, now),
        panelUsername: user.username,
        licenseKey: deps.keyring.licenseKeyOf(user.id),
        plan: sold
          ? {
              name: sold.name,
              priceEuros: sold.priceEuros,
              serverSlots: sold.serverSlots,
              customVerificationMessage: sold.customVerificationMessage,
              analytics: sold.analytics,
            }
          : null,
        slots: planSlots(plan, deps.config.defaultServerSlots),
        usableSlots: standing.usableSlots,
        readOnlyServers: standing.readOnlyServers,
        includes: {
          customVerificationMessage: planIncludes(standing.holding, 'customVerificationMessage'),
          analytics: planIncludes(standing.holding, 'analytics'),
        },
        ...billingOf(plan),
      };
    }),

    // mounted after the fixed /api/user/* paths; anything that is not a user id is left to them
    on(subscriptionsApi.userProfile, async ({ params: { id } }) => {
      const user = await users().findOne({ _id: id });
      if (!user) throw new DomainError('not_found', subscriptionTexts.userNotFound, errorCodes.userNotFound);
      return { username: user.username, avatar: user.avatar };
    }),
  ];
}

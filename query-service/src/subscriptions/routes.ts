import {
  planRuns,
  planIncludes,
  planBillingOf,
  planNamed,
  planSlots,
  errorCodes,
  subscriptionReadModels,
  subscriptionsApi,
  subscriptionTexts,
  type SubscribersResponse,
  type SubscriptionDocument,
  type SubscriptionPanelView,
  type UserDocument,
  type UserProfileResponse,
  authReadModels,
} from '@vip/contracts';
import { DomainError, on, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { subscriberIdentities, slotLimitsOf, subscriberStanding } from './subscriptions.queries.ts';

/** GET /api/user/subscription, /api/user/:id, /api/admin/subscribers. */
export function subscriptionRoutes(deps: QueryDeps): MountedRoute[] {
  const subscriptions = () => deps.readStore.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions);
  const users = () => deps.readStore.collection<UserDocument>(authReadModels.users);
  // while billing is off every plan is an admin's: the answers stay as they were
  const billingOf = (plan: SubscriptionDocument) =>
    deps.config.billing || plan.billing ? { billing: planBillingOf(plan) } : {};

  return [
    on(subscriptionsApi.subscribers, async () => {
      const plans = await subscriptions().find({}, { sort: { startedAt: -1, _id: -1 }, limit: 5000 });
      const names = new Map(
        (
          await users().find({ _id: { $in: plans.map((plan) => plan._id) } }, { projection: { _id: 1, username: 1 } })
        ).map((user) => [user._id, user.username]),
      );
      const now = new Date();
      // accounts that never had a plan (npm run user, a Discord sign-up): an admin must find them too
      const withPlan = new Set(plans.map((plan) => plan._id));
      const accounts = (
        await users().find(
          { isAdmin: false },
          { sort: { registeredAt: -1, _id: -1 }, limit: 5000, projection: { _id: 1, username: 1, registeredAt: 1 } },
        )
      ).filter((account) => !withPlan.has(account._id));
      const identities = await subscriberIdentities(deps.readStore, [
        ...plans.map((plan) => plan.userId),
        ...accounts.map((account) => account._id),
      ]);
      const body: SubscribersResponse = {
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
        withoutPlan: accounts.map((account) => ({
          id: account._id,
          username: account.username,
          registeredAt: account.registeredAt,
          ...identities.get(account._id)!,
        })),
      };
      return body;
    }),

    on(subscriptionsApi.userSubscription, async ({ user }) => {
      const now = new Date();
      const standing = await subscriberStanding(deps.readStore, user.id, slotLimitsOf(deps.config), now);
      const plan = standing.subscription;
      if (!plan) throw new DomainError('not_found', subscriptionTexts.noActiveSubscription, errorCodes.noSubscription);
      const sold = planNamed(plan.planName);
      // the license key is derived from the id on every read; no password is ever part of this answer
      const body: SubscriptionPanelView = {
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
      return body;
    }),

    // mounted after the fixed /api/user/* paths; anything that is not a user id is left to them
    on(subscriptionsApi.userProfile, async ({ params: { id } }) => {
      const user = await users().findOne({ _id: id });
      if (!user) throw new DomainError('not_found', subscriptionTexts.userNotFound, errorCodes.userNotFound);
      const body: UserProfileResponse = { username: user.username, avatar: user.avatar };
      return body;
    }),
  ];
}

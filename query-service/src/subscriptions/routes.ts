import {
  isActiveSubscription,
  readModels,
  errorCodes,
  subscriptionReadModels,
  subscriptionsApi,
  subscriptionTexts,
  type SubscribersResponse,
  type SubscriptionDocument,
  type SubscriptionPanelView,
  type UserDocument,
  type UserProfileResponse,
} from '@vip/contracts';
import { DomainError, on, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { subscriberIdentities } from '../users/subscriber-identities.ts';

/** GET /api/user/subscription, /api/user/:id, /api/admin/subscribers. */
export function subscriptionRoutes(deps: QueryDeps): MountedRoute[] {
  const subscriptions = () => deps.readStore.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions);
  const users = () => deps.readStore.collection<UserDocument>(readModels.users);

  return [
    on(subscriptionsApi.subscribers, async () => {
      const plans = await subscriptions().find({}, { sort: { startedAt: -1, _id: -1 }, limit: 5000 });
      const names = new Map(
        (
          await users().find({ _id: { $in: plans.map((plan) => plan._id) } }, { projection: { _id: 1, username: 1 } })
        ).map((user) => [user._id, user.username]),
      );
      const now = new Date();
      const identities = await subscriberIdentities(
        deps.readStore,
        plans.map((plan) => plan.userId),
      );
      const body: SubscribersResponse = {
        subscribers: plans.map((plan) => ({
          id: plan.userId,
          username: names.get(plan.userId) ?? 'Unknown',
          planName: plan.planName,
          startedAt: plan.startedAt,
          expiresAt: plan.expiresAt,
          active: isActiveSubscription(plan, now),
          maxSlots: plan.maxSlots,
          discordUserId: plan.discordUserId,
          ...identities.get(plan.userId)!,
        })),
      };
      return body;
    }),

    on(subscriptionsApi.userSubscription, async ({ user }) => {
      const plan = await subscriptions().findOne({ _id: user.id });
      if (!plan) throw new DomainError('not_found', subscriptionTexts.noActiveSubscription, errorCodes.noSubscription);
      // the license key is derived from the id on every read; no password is ever part of this answer
      const body: SubscriptionPanelView = {
        planName: plan.planName,
        createdAt: plan.startedAt,
        expiresAt: plan.expiresAt,
        active: isActiveSubscription(plan, new Date()),
        panelUsername: user.username,
        licenseKey: deps.keyring.licenseKeyOf(user.id),
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

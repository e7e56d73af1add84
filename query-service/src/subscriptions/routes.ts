import Router from '@koa/router';
import {
  isActiveSubscription,
  readModels,
  subscriptionReadModels,
  subscriptionTexts,
  userIdSchema,
  type SubscribersResponse,
  type SubscriptionDocument,
  type SubscriptionPanelView,
  type UserDocument,
  type UserProfileResponse,
} from '@vip/contracts';
import { DomainError, requireAdmin, requireUser } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

/** GET /api/user/subscription, /api/user/:id, /api/admin/subscribers. */
export function subscriptionRoutes(deps: QueryDeps): Router {
  const router = new Router();
  const subscriptions = () => deps.readStore.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions);
  const users = () => deps.readStore.collection<UserDocument>(readModels.users);

  router.get('/api/admin/subscribers', async (ctx) => {
    requireAdmin(ctx);
    const plans = await subscriptions().find({}, { sort: { startedAt: -1, _id: -1 }, limit: 5000 });
    const names = new Map(
      (
        await users().find({ _id: { $in: plans.map((plan) => plan._id) } }, { projection: { _id: 1, username: 1 } })
      ).map((user) => [user._id, user.username]),
    );
    const now = new Date();
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
      })),
    };
    ctx.body = body;
  });

  router.get('/api/user/subscription', async (ctx) => {
    const user = requireUser(ctx);
    const plan = await subscriptions().findOne({ _id: user.id });
    if (!plan) throw new DomainError('not_found', subscriptionTexts.noActiveSubscription, 'no_subscription');
    // the license key is derived from the id on every read; no password is ever part of this answer
    const body: SubscriptionPanelView = {
      planName: plan.planName,
      createdAt: plan.startedAt,
      expiresAt: plan.expiresAt,
      active: isActiveSubscription(plan, new Date()),
      panelUsername: user.username,
      licenseKey: deps.keyring.licenseKeyOf(user.id),
    };
    ctx.body = body;
  });

  // registered after the fixed /api/user/* paths; anything that is not a user id is left to other routers
  router.get('/api/user/:id', async (ctx, next) => {
    requireUser(ctx);
    const parsed = userIdSchema.safeParse(ctx.params.id);
    if (!parsed.success) return next();
    const user = await users().findOne({ _id: parsed.data });
    if (!user) throw new DomainError('not_found', subscriptionTexts.userNotFound, 'user_not_found');
    const body: UserProfileResponse = { username: user.username, avatar: user.avatar };
    ctx.body = body;
  });

  return router;
}

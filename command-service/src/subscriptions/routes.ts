import { subscriptionsApi, type ChangeSubscriptionResponse, type CreateSubscriberResponse } from '@vip/contracts';
import { on, passwords, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { subscriptionOf, subscriptions } from './subscriptions.commands.ts';
import { answerStripeFailure } from '../billing/checkout-routes.ts';
import { StripeFailed, stripeGateway } from '../billing/stripe-gateway.ts';
import type { SubscriptionState } from './subscription.state.ts';
import { registerUser } from '../auth/auth.commands.ts';
import { subscriptionSummary } from './subscription.decider.ts';
import { evolveSubscription, initialSubscriptionState } from './subscription.state.ts';

/** The Stripe subscription that bills this plan and has not ended; null for a manual plan. */
const billedSubscriptionOf = ({ billing }: SubscriptionState): string | null =>
  billing.standing && billing.standing.status !== 'ended' ? billing.standing.subscriptionId : null;

/** Admins create subscriber accounts and change their plans. */
export function subscriptionRoutes(deps: CommandDeps): MountedRoute[] {
  const gateway = deps.config.billing ? stripeGateway(deps.config.billing) : null;
  const summaryOf = async (userId: string) =>
    subscriptionSummary(await subscriptionOf(deps.eventStore, userId), new Date());

  return [
    on(subscriptionsApi.createSubscriber, async ({ ctx, body: input }) => {
      // a password the admin did not choose is shown once, in this answer, and kept only as a hash
      const generated = input.password === undefined ? passwords.generate() : undefined;
      const context = commandContext(ctx);
      const { userId } = await registerUser(
        deps.eventStore,
        { username: input.username, password: input.password ?? generated!, isAdmin: false },
        context,
      );
      const { events } = await subscriptions(
        deps,
        {
          type: 'StartSubscription',
          userId,
          planName: input.planName,
          days: input.days,
          slotsOverride: input.maxSlots ?? null,
          discordUserId: input.discordUserId ?? null,
        },
        context,
      );
      const state = events.reduce(evolveSubscription, initialSubscriptionState());
      const answer: CreateSubscriberResponse = {
        id: userId,
        username: input.username,
        ...(generated ? { password: generated } : {}),
        subscription: subscriptionSummary(state, context.now),
      };
      return answer;
    }),

    on(subscriptionsApi.extend, async ({ ctx, params: { id: userId }, body: { days, maxSlots } }) => {
      await subscriptions(
        deps,
        { type: 'ExtendSubscription', userId, days, slotsOverride: maxSlots ?? null },
        commandContext(ctx),
      );
      const answer: ChangeSubscriptionResponse = { success: true, subscription: await summaryOf(userId) };
      return answer;
    }),

    on(subscriptionsApi.end, async ({ ctx, params: { id: userId }, body: { stripe: when } }) => {
      // a plan Stripe bills: Stripe stops charging first, or the plan is not ended here either
      const billed = billedSubscriptionOf(await subscriptionOf(deps.eventStore, userId));
      if (billed && gateway) {
        try {
          await gateway.cancelSubscription(billed, when);
        } catch (error) {
          if (!(error instanceof StripeFailed)) throw error;
          return answerStripeFailure(deps, ctx, error, 'cancelling a subscription an admin ended');
        }
        deps.logger.info({ userId, stripeSubscription: billed, when }, 'an admin cancelled a Stripe subscription');
      }
      // at the period's end: the plan runs until then, and Stripe's cancellation arrives by webhook
      if (!billed || when === 'now')
        await subscriptions(deps, { type: 'EndSubscription', userId }, commandContext(ctx));
      const answer: ChangeSubscriptionResponse = { success: true, subscription: await summaryOf(userId) };
      return answer;
    }),
  ];
}

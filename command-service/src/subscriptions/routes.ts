import { errorCodes, subscriptionsApi, subscriptionTexts } from '@vip/contracts';
import { clientKey, DomainError, type MountedRoute, on, passwords } from '@vip/platform';
import { endOtherSessions, registerUser, userOf, users } from '../auth/auth.commands.ts';
import { answerStripeFailure } from '../billing/checkout-routes.ts';
import { StripeFailed, stripeGateway } from '../billing/stripe-gateway.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { subscriptionSummary } from './subscription.decider.ts';
import type { SubscriptionState } from './subscription.state.ts';
import { evolveSubscription, initialSubscriptionState } from './subscription.state.ts';
import { subscriptionOf, subscriptions } from './subscriptions.commands.ts';

/** The Stripe subscription that bills this plan and has not ended; null for a manual plan. */
const billedSubscriptionOf = ({ billing }: SubscriptionState): string | null =>
  billing.standing && billing.standing.status !== 'ended' ? billing.standing.subscriptionId : null;

/** Admins create subscriber accounts, change their plans and reset their passwords. */
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
      return {
        id: userId,
        username: input.username,
        ...(generated ? { password: generated } : {}),
        subscription: subscriptionSummary(state, context.now),
      };
    }),

    on(subscriptionsApi.extend, async ({ ctx, params: { id: userId }, body: { days, maxSlots } }) => {
      await subscriptions(
        deps,
        { type: 'ExtendSubscription', userId, days, slotsOverride: maxSlots ?? null },
        commandContext(ctx),
      );
      return { success: true, subscription: await summaryOf(userId) };
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
      return { success: true, subscription: await summaryOf(userId) };
    }),

    // an account made without a plan (npm run user, a Discord sign-up) gets one from the admin's list
    on(subscriptionsApi.startPlan, async ({ ctx, params: { id: userId }, body: { planName, days, maxSlots } }) => {
      const account = await userOf(deps.eventStore, userId);
      if (!account.registered)
        throw new DomainError('not_found', subscriptionTexts.userNotFound, errorCodes.userNotFound);
      if (account.isAdmin) throw new DomainError('forbidden', subscriptionTexts.notASubscriber, errorCodes.forbidden);
      await subscriptions(
        deps,
        { type: 'StartSubscription', userId, planName, days, slotsOverride: maxSlots ?? null, discordUserId: null },
        commandContext(ctx),
      );
      return { success: true, subscription: await summaryOf(userId) };
    }),

    // An admin helping a subscriber who lost their password: a generated one, shown once in
    // this answer and kept only as a hash. Every session of the account ends first, so that
    // whoever held the old password is out before the new one is handed over.
    on(subscriptionsApi.resetPassword, async ({ ctx, params: { id: userId } }) => {
      const account = await userOf(deps.eventStore, userId);
      if (!account.registered || !account.username)
        throw new DomainError('not_found', subscriptionTexts.userNotFound, errorCodes.userNotFound);
      if (account.isAdmin) throw new DomainError('forbidden', subscriptionTexts.notASubscriber, errorCodes.forbidden);
      const password = passwords.generate();
      const passwordHash = await deps.passwordWork.run(clientKey(ctx, deps.keyring), () => passwords.hash(password));
      const context = commandContext(ctx);
      // no session is kept: the admin's own session is not one of this account's
      await endOtherSessions(deps, userId, '', context);
      await users(deps, { type: 'ChangePassword', userId, passwordHash }, context);
      return { username: account.username, password };
    }),
  ];
}

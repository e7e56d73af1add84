import { type AlreadyBilledRefusal, type BillingInterval, billingApi, billingTexts, errorCodes } from '@vip/contracts';
import {
  type AnsweredOnCtx,
  type AppState,
  answeredOnCtx,
  type BillingConfig,
  DomainError,
  type MountedRoute,
  on,
  priceOf,
} from '@vip/platform';
import type { Context } from 'koa';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import type { SubscriptionState } from '../subscriptions/subscription.state.ts';
import { subscriptionOf } from '../subscriptions/subscriptions.commands.ts';
import { billing } from './billing.commands.ts';
import { LIVE_SUBSCRIPTION, StripeFailed, type StripeGateway } from './stripe-gateway.ts';

/** How long a buyer is asked to wait while Stripe is down. */
const STRIPE_DOWN_RETRY_SECONDS = 30;

/**
 * A user's checkouts one after another in this process: two tabs, or a double click, find the
 * first one's customer and expire its session rather than racing it. An entry lives only while
 * a checkout of that user is under way (the rate limit bounds how many wait).
 */
function oneAtATime() {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const result = (running.get(key) ?? Promise.resolve()).then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    running.set(key, settled);
    void settled.then(() => {
      if (running.get(key) === settled) running.delete(key);
    });
    return result;
  };
}

/** A Stripe call failed: Stripe down is a 503 to retry later; a refusal of ours is logged with Stripe's words. */
export function answerStripeFailure(deps: CommandDeps, ctx: Context, error: StripeFailed, what: string): AnsweredOnCtx {
  const correlationId = (ctx.state as AppState).correlationId;
  if (error.down) {
    deps.logger.warn({ stripe: error.detail, correlationId }, `Stripe did not answer: ${what}`);
    ctx.status = 503;
    ctx.set('Retry-After', String(STRIPE_DOWN_RETRY_SECONDS));
    ctx.body = { error: billingTexts.stripeUnreachable, code: errorCodes.stripeUnreachable };
    return answeredOnCtx;
  }
  // a wrong price, key or parameter: the operator's to mend, so the log says exactly what Stripe said
  deps.logger.error({ stripe: error.detail, correlationId }, `Stripe refused: ${what}`);
  ctx.status = 502;
  ctx.body = { error: billingTexts.stripeRefused, code: errorCodes.stripeRefused };
  return answeredOnCtx;
}

/**
 * Buying a plan and managing it (decisions.md §13): checkout and the portal for the signed-in
 * user. One subscription per buyer: each buyer has one Stripe customer, made before their first
 * checkout; a checkout is refused while Stripe bills a subscription of theirs, and their older
 * checkout pages are expired when a new one opens. Stripe sends the browser back to PUBLIC_URL
 * only, never to an address a request names.
 */
export function checkoutRoutes(
  deps: CommandDeps,
  requireBilling: () => { config: BillingConfig; gateway: StripeGateway },
): MountedRoute[] {
  const queue = oneAtATime();
  const stateOf = (userId: string) => subscriptionOf(deps.eventStore, userId);
  // billing on requires PUBLIC_URL (billing-config.ts)
  const origin = () => deps.config.publicUrl!;

  /** The subscriber's Stripe customer: the one recorded on their stream, else one made now (once) and recorded. */
  const customerOf = async (ctx: Context, user: { id: string; username: string }, known: string | null) => {
    if (known) return known;
    const customerId = await requireBilling().gateway.createCustomer(user);
    const recorded = await billing(
      deps,
      { type: 'RecordBillingCustomer', userId: user.id, customerId },
      commandContext(ctx),
    );
    return recorded.events.length > 0 ? customerId : (recorded.state.billing.customerId ?? customerId);
  };

  /** 409: they pay already; the answer carries their portal, where plans are changed, cancelled or paid. */
  const refuseSecondSubscription = async (ctx: Context, customerId: string | null) => {
    const answer: AlreadyBilledRefusal = { error: billingTexts.alreadyBilled, code: errorCodes.alreadyBilled };
    if (customerId) {
      const portalUrl = await requireBilling()
        .gateway.createPortal(customerId, `${origin()}/panel?tab=subscription`)
        .catch(() => null);
      if (portalUrl) answer.portalUrl = portalUrl;
    }
    ctx.status = 409;
    ctx.body = answer;
    return answeredOnCtx;
  };

  /** A trial only for someone who never had a plan: none on their stream, no subscription at Stripe. */
  const trialDaysFor = (state: SubscriptionState, subscriptions: Array<{ status: string }>, trialDays: number) =>
    trialDays > 0 &&
    state.planName === null &&
    subscriptions.every((subscription) => subscription.status === 'incomplete_expired')
      ? trialDays
      : 0;

  const checkout = async (
    ctx: Context,
    user: { id: string; username: string },
    plan: string,
    interval: BillingInterval,
    priceId: string,
  ) => {
    const { config, gateway } = requireBilling();
    const state = await stateOf(user.id);
    // switching plans, paying a failed invoice or cancelling happens in the portal, on the same subscription
    if (state.billing.standing && state.billing.standing.status !== 'ended')
      return refuseSecondSubscription(ctx, state.billing.customerId);
    const customerId = await customerOf(ctx, user, state.billing.customerId);
    // Stripe's word, not only this product's record: a webhook still on its way, another tab's purchase
    const subscriptions = await gateway.subscriptionsOf(customerId);
    if (subscriptions.some((subscription) => LIVE_SUBSCRIPTION.has(subscription.status)))
      return refuseSecondSubscription(ctx, customerId);
    await gateway.expireOpenCheckouts(customerId);
    const url = await gateway.createCheckout({
      customerId,
      userId: user.id,
      planName: plan,
      interval,
      priceId,
      trialDays: trialDaysFor(state, subscriptions, config.trialDays),
      successUrl: `${origin()}/panel?tab=subscription&checkout=done`,
      cancelUrl: `${origin()}/features#pricing`,
    });
    return { url };
  };

  return [
    on(
      billingApi.checkout,
      async ({ ctx, user, body: { plan, interval } }) => {
        const { config } = requireBilling();
        const priceId = priceOf(config, plan, interval);
        if (!priceId)
          throw new DomainError(
            'invalid',
            interval === 'year' && priceOf(config, plan, 'month')
              ? billingTexts.notForSaleYearly(plan)
              : billingTexts.notForSale(plan),
            errorCodes.notForSale,
          );
        try {
          return await queue(user.id, () => checkout(ctx, user, plan, interval, priceId));
        } catch (error) {
          if (!(error instanceof StripeFailed)) throw error;
          return answerStripeFailure(deps, ctx, error, 'opening a checkout');
        }
      },
      // each checkout asks Stripe several things: a user may start a few a minute, not a flood
      { rateLimit: { perMinute: deps.config.rateLimits.checkouts, keyOf: ({ user }) => user.id } },
    ),

    on(billingApi.portal, async ({ ctx, user }) => {
      const { gateway } = requireBilling();
      const { customerId } = (await stateOf(user.id)).billing;
      if (!customerId) throw new DomainError('not_found', billingTexts.noBillingAccount, errorCodes.noBillingAccount);
      try {
        return {
          url: await gateway.createPortal(customerId, `${origin()}/panel?tab=subscription`),
        };
      } catch (error) {
        if (!(error instanceof StripeFailed)) throw error;
        return answerStripeFailure(deps, ctx, error, 'opening the portal');
      }
    }),
  ];
}

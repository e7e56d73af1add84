import { billingApi, billingTexts, errorCodes, type BillingRedirectResponse } from '@vip/contracts';
import { DomainError, on, type AppState, type BillingConfig, type MountedRoute } from '@vip/platform';
import type { Context } from 'koa';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { subscriptionOf } from '../subscriptions/subscriptions.commands.ts';
import { billing } from './billing.commands.ts';
import { StripeUnreachable, stripeGateway, type StripeGateway } from './stripe-gateway.ts';
import { billingWebhookRoute } from './webhook-route.ts';

const answerStripeUnreachable = (ctx: Context) => {
  ctx.status = 502;
  ctx.body = { error: billingTexts.stripeUnreachable, code: errorCodes.stripeUnreachable };
};

/** The product's own address for Stripe to send the browser back to (PUBLIC_URL, else the request's). */
const originOf = (deps: CommandDeps, ctx: Context) => deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;

/**
 * Plans people buy, renew and cancel themselves (decisions.md §13): checkout and the portal
 * for the signed-in user, and Stripe's webhook, each event applied once on the subscriber's
 * stream. While STRIPE_SECRET_KEY is not set every one of them answers 404 and nothing changes.
 */
export function billingRoutes(deps: CommandDeps): MountedRoute[] {
  const config = deps.config.billing;
  const gateway = config ? stripeGateway(config) : null;
  const requireBilling = (): { config: BillingConfig; gateway: StripeGateway } => {
    if (!config || !gateway) throw new DomainError('not_found', billingTexts.billingOff, errorCodes.billingOff);
    return { config, gateway };
  };
  const stateOf = (userId: string) => subscriptionOf(deps.eventStore, userId);

  /** The subscriber's Stripe customer: the one made at their first checkout, else a new one recorded now. */
  const customerOf = async (ctx: Context, user: { id: string; username: string }, known: string | null) => {
    if (known) return known;
    const customerId = await requireBilling().gateway.createCustomer(user);
    const recorded = await billing(
      deps,
      { type: 'RecordBillingCustomer', userId: user.id, customerId },
      commandContext(ctx),
    );
    // two checkouts at once: the first customer recorded is the one used
    return recorded.events.length > 0 ? customerId : (recorded.state.billing.customerId ?? customerId);
  };

  return [
    on(billingApi.checkout, async ({ ctx, user, body: { plan } }) => {
      const { config: settings, gateway: stripe } = requireBilling();
      const priceId = settings.prices[plan];
      if (!priceId) throw new DomainError('invalid', billingTexts.notForSale(plan), errorCodes.notForSale);
      const state = await stateOf(user.id);
      // switching plans, paying a failed invoice or cancelling happens in the portal, on the same subscription
      if (state.billing.standing && state.billing.standing.status !== 'ended')
        throw new DomainError('conflict', billingTexts.alreadyBilled, errorCodes.alreadyBilled);
      try {
        const customerId = await customerOf(ctx, user, state.billing.customerId);
        const origin = originOf(deps, ctx);
        const url = await stripe.createCheckout({
          customerId,
          userId: user.id,
          planName: plan,
          priceId,
          successUrl: `${origin}/panel?tab=subscription&checkout=done`,
          cancelUrl: `${origin}/features#pricing`,
        });
        const answer: BillingRedirectResponse = { url };
        return answer;
      } catch (error) {
        if (!(error instanceof StripeUnreachable)) throw error;
        deps.logger.warn(
          { stripe: error.detail, correlationId: (ctx.state as AppState).correlationId },
          'Stripe did not open a checkout',
        );
        return answerStripeUnreachable(ctx);
      }
    }),

    on(billingApi.portal, async ({ ctx, user }) => {
      const { gateway: stripe } = requireBilling();
      const { customerId } = (await stateOf(user.id)).billing;
      if (!customerId) throw new DomainError('not_found', billingTexts.noBillingAccount, errorCodes.noBillingAccount);
      try {
        const answer: BillingRedirectResponse = {
          url: await stripe.createPortal(customerId, `${originOf(deps, ctx)}/panel?tab=subscription`),
        };
        return answer;
      } catch (error) {
        if (!(error instanceof StripeUnreachable)) throw error;
        deps.logger.warn(
          { stripe: error.detail, correlationId: (ctx.state as AppState).correlationId },
          'Stripe did not open the portal',
        );
        return answerStripeUnreachable(ctx);
      }
    }),

    billingWebhookRoute(deps),
  ];
}

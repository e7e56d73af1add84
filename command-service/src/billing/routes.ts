import { billingApi, billingTexts, errorCodes, type Actor } from '@vip/contracts';
import { DomainError, on, type AppState, type BillingConfig, type MountedRoute } from '@vip/platform';
import type { Context } from 'koa';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { billing } from './billing.commands.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { readStripeEvent, type ReadStripeEvent } from './stripe-events.ts';
import { StripeUnreachable, stripeGateway, type StripeGateway } from './stripe-gateway.ts';

/** Who causes a Stripe event's facts: Stripe, through the webhook (no session, no person). */
const stripeActor: Actor = { kind: 'system', id: 'stripe' };

const answerStripeUnreachable = (ctx: Context) => {
  ctx.status = 502;
  ctx.body = { error: billingTexts.stripeUnreachable, code: errorCodes.stripeUnreachable };
};

/**
 * Plans people buy, renew and cancel themselves (decisions.md §13): checkout and the portal
 * for the signed-in user (checkout-routes.ts), and Stripe's webhook, each event applied once
 * on the subscriber's stream. While STRIPE_SECRET_KEY is not set every one of them answers
 * 404 and nothing changes.
 */
export function billingRoutes(deps: CommandDeps): MountedRoute[] {
  const config = deps.config.billing;
  const gateway = config ? stripeGateway(config) : null;
  const requireBilling = (): { config: BillingConfig; gateway: StripeGateway } => {
    if (!config || !gateway) throw new DomainError('not_found', billingTexts.billingOff, errorCodes.billingOff);
    return { config, gateway };
  };

  /** Whose plan a Stripe event is about; null for a customer this product did not make. */
  const userOf = async (read: ReadStripeEvent): Promise<string | null> => {
    if (read.userId) return read.userId;
    const { gateway: stripe } = requireBilling();
    const customerId = read.customerId ?? (read.chargeId ? await stripe.customerOfCharge(read.chargeId) : null);
    return customerId ? stripe.userOfCustomer(customerId) : null;
  };

  return [
    ...checkoutRoutes(deps, requireBilling),

    on(billingApi.webhook, async ({ ctx }) => {
      const { config: settings, gateway: stripe } = requireBilling();
      const rawBody = (ctx.state as AppState).rawBody ?? Buffer.alloc(0);
      let event: ReturnType<StripeGateway['verifiedEvent']>;
      try {
        event = stripe.verifiedEvent(rawBody, ctx.get('stripe-signature') || undefined);
      } catch {
        throw new DomainError('invalid', billingTexts.badSignature, errorCodes.badStripeSignature);
      }
      const read = readStripeEvent(event, settings);
      if (!read) return { received: true };
      let userId: string | null;
      try {
        userId = await userOf(read);
      } catch (error) {
        if (!(error instanceof StripeUnreachable)) throw error;
        // Stripe retries a delivery that was not answered 2xx
        deps.logger.warn({ stripe: error.detail, stripeEventId: event.id }, 'Stripe did not say whose event this is');
        return answerStripeUnreachable(ctx);
      }
      if (!userId) {
        deps.logger.warn(
          { stripeEventId: event.id, type: event.type },
          'a Stripe event about no subscriber of this product',
        );
        return { received: true };
      }
      const { events } = await billing(
        deps,
        {
          type: 'ApplyStripeEvent',
          userId,
          stripeEvent: { id: event.id, at: new Date(event.created * 1000).toISOString() },
          graceDays: settings.graceDays,
          fact: read.fact,
        },
        commandContext(ctx, stripeActor),
      );
      if (events.length === 0)
        deps.logger.info(
          { stripeEventId: event.id, type: event.type },
          'a Stripe event changed nothing (applied already, or nothing to apply it to)',
        );
      return { received: true };
    }),
  ];
}

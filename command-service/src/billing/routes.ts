import { billingTexts, errorCodes } from '@vip/contracts';
import { type BillingConfig, DomainError, type MountedRoute } from '@vip/platform';
import type { CommandDeps } from '../core/deps.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { type StripeGateway, stripeGateway } from './stripe-gateway.ts';
import { billingWebhookRoute } from './webhook-route.ts';

/**
 * Plans people buy, renew and cancel themselves: checkout and the portal for the signed-in
 * user (checkout-routes.ts), and Stripe's webhook (webhook-route.ts), each event applied once
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

  return [...checkoutRoutes(deps, requireBilling), billingWebhookRoute(deps)];
}

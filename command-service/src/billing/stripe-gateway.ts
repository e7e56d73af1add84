import type { BillingInterval } from '@vip/contracts';
import { type BillingConfig, isStripeDown, stripeClient } from '@vip/platform';

/**
 * A Stripe call that failed. `down`: Stripe did not answer in time, is overloaded or failed on
 * its side (5xx, 429, no connection): try again later. Else Stripe refused what the product
 * asked (a 4xx: a wrong price, key or parameter), which no retry mends.
 */
export class StripeFailed extends Error {
  /** Stripe's own words about the failure: type, code, status and message, never the request it was about. */
  readonly detail: { type?: string; code?: string; statusCode?: number; message?: string };
  readonly down: boolean;
  constructor(error: unknown) {
    const { type, code, statusCode, message } = (error ?? {}) as {
      type?: string;
      code?: string;
      statusCode?: number;
      message?: string;
    };
    const down = isStripeDown(error);
    super(down ? `Stripe did not answer (${type ?? 'no answer'})` : `Stripe refused the call: ${message}`);
    this.down = down;
    this.detail = { type, code, statusCode, message };
  }
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  planName: string;
  interval: BillingInterval;
  priceId: string;
  /** Days of a first-time buyer's trial; 0 for none. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

/** Statuses of a subscription that still bills (or is about to): a second one must not start beside it. */
export const LIVE_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

/**
 * What checkout, the portal and an admin's End ask of Stripe, and nothing more: a customer,
 * its subscriptions and open checkouts, a Checkout Session, a portal session, cancelling a
 * subscription (the webhook's own questions are stripe-webhook-gateway.ts's). The API key
 * stays inside the client; an error carries only Stripe's type, code and message.
 */
export interface StripeGateway {
  /** The user's customer, made once: the same idempotency key gives the same customer to concurrent calls. */
  createCustomer(user: { id: string; username: string }): Promise<string>;
  /** The customer's subscriptions of any status, newest first. */
  subscriptionsOf(customerId: string): Promise<Array<{ id: string; status: string }>>;
  /** Expires the customer's checkout pages still open; how many there were. */
  expireOpenCheckouts(customerId: string): Promise<number>;
  /** The checkout page's address. */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** The customer portal's address. */
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /** Cancels a subscription at once, or at the end of the period paid for. */
  cancelSubscription(subscriptionId: string, when: 'now' | 'periodEnd'): Promise<void>;
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StripeFailed(error);
  }
}

/**
 * The gateway on the official client. Someone waits for each call (a browser, or Stripe's own
 * delivery), so a call gives up after 8 s and is retried once.
 */
export function stripeGateway(config: BillingConfig): StripeGateway {
  const stripe = stripeClient(config, { timeoutMs: 8_000, retries: 1 });

  return {
    createCustomer: (user) =>
      calling(
        async () =>
          (
            await stripe.customers.create(
              { metadata: { userId: user.id, username: user.username } },
              // two checkouts at once (or a retry) make one customer, not two
              { idempotencyKey: `vip-customer-${user.id}` },
            )
          ).id,
      ),

    subscriptionsOf: (customerId) =>
      calling(async () => {
        const page = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
        return page.data.map(({ id, status }) => ({ id, status }));
      }),

    expireOpenCheckouts: (customerId) =>
      calling(async () => {
        const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 });
        for (const session of open.data) await stripe.checkout.sessions.expire(session.id);
        return open.data.length;
      }),

    createCheckout: (request) =>
      calling(async () => {
        const metadata = { userId: request.userId, plan: request.planName, interval: request.interval };
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price: request.priceId, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          allow_promotion_codes: config.promotionCodes || undefined,
          // invoices and subscription events carry who they are for
          subscription_data: {
            metadata,
            ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
          },
          // Stripe Tax needs the buyer's address; a business buyer gives a tax id (reverse charge)
          ...(config.automaticTax
            ? {
                automatic_tax: { enabled: true },
                billing_address_collection: 'required' as const,
                tax_id_collection: { enabled: true },
                customer_update: { address: 'auto' as const, name: 'auto' as const },
              }
            : {}),
        });
        if (!session.url) throw new Error('Stripe answered a checkout session without a url');
        return session.url;
      }),

    createPortal: (customerId, returnUrl) =>
      calling(
        async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
      ),

    cancelSubscription: (subscriptionId, when) =>
      calling(async () => {
        if (when === 'now') await stripe.subscriptions.cancel(subscriptionId);
        else await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      }),
  };
}

import Stripe from 'stripe';
import type { BillingConfig } from '@vip/platform';

/** A Stripe call that failed (unreachable, or Stripe refused it): the caller answers 502, and Stripe retries a webhook. */
export class StripeUnreachable extends Error {
  /** Stripe's own words about the failure: type, code and status, never the request it was about. */
  readonly detail: { type?: string; code?: string; statusCode?: number };
  constructor(error: unknown) {
    const { type, code, statusCode } = (error ?? {}) as { type?: string; code?: string; statusCode?: number };
    super(`Stripe did not answer (${type ?? 'no answer'})`);
    this.detail = { type, code, statusCode };
  }
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  planName: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * What the product asks of Stripe, and nothing more: a customer, a Checkout Session, a portal
 * session, whose customer a charge was, whose user a customer is; and the webhook's proof.
 * The API key stays inside the client; an error carries only Stripe's type and code.
 */
export interface StripeGateway {
  createCustomer(user: { id: string; username: string }): Promise<string>;
  /** The checkout page's address. */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** The customer portal's address. */
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /** The product user a Stripe customer was made for (its metadata), null for someone else's customer. */
  userOfCustomer(customerId: string): Promise<string | null>;
  /** The customer a charge was made to (a dispute names only its charge). */
  customerOfCharge(chargeId: string): Promise<string | null>;
  /** The event Stripe signed; throws on a missing or wrong signature. */
  verifiedEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Stripe does not know the object: it is no customer or charge of this account. */
const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StripeUnreachable(error);
  }
}

/** The gateway on the official client, at STRIPE_API_URL (Stripe's own, or a fake one in tests). */
export function stripeGateway(config: BillingConfig): StripeGateway {
  const { apiUrl } = config;
  const stripe = new Stripe(config.secretKey, {
    // set, not left to the package: the versions the product reads are the ones it names (stripe-shapes.ts)
    apiVersion: Stripe.API_VERSION,
    host: apiUrl.hostname,
    port: apiUrl.port || (apiUrl.protocol === 'http:' ? 80 : 443),
    protocol: apiUrl.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });

  return {
    createCustomer: (user) =>
      calling(
        async () => (await stripe.customers.create({ metadata: { userId: user.id, username: user.username } })).id,
      ),

    createCheckout: (request) =>
      calling(async () => {
        const metadata = { userId: request.userId, plan: request.planName };
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price: request.priceId, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          // invoices and subscription events carry who they are for
          subscription_data: { metadata },
        });
        if (!session.url) throw new Error('Stripe answered a checkout session without a url');
        return session.url;
      }),

    createPortal: (customerId, returnUrl) =>
      calling(
        async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
      ),

    userOfCustomer: (customerId) =>
      calling(async () => {
        const customer = await stripe.customers.retrieve(customerId).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        return !customer || customer.deleted ? null : (customer.metadata?.userId ?? null);
      }),

    customerOfCharge: (chargeId) =>
      calling(async () => {
        const charge = await stripe.charges.retrieve(chargeId).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        return charge ? idOf(charge.customer) : null;
      }),

    verifiedEvent: (rawBody, signature) =>
      stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret),
  };
}

export { idOf };

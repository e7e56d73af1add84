import { type BillingConfig, stripeClient } from '@vip/platform';
import type Stripe from 'stripe';
import { type AnyInvoice, idOf } from './stripe-shapes.ts';

/**
 * How long the webhook waits for each thing it asks Stripe, and for all of them together:
 * Stripe gives up on a delivery after some seconds and retries it later, so a slow Stripe
 * fails the delivery (non-2xx) before Stripe stops listening, and nothing is applied.
 */
export const WEBHOOK_READ_TIMEOUT_MS = 2_500;
export const WEBHOOK_DEADLINE_MS = 6_000;

/** A Stripe call of the webhook that failed or took too long: answered non-2xx, Stripe delivers again. */
export class StripeReadFailed extends Error {
  /** Stripe's own words about the failure: type, code and status, never the request it was about. */
  readonly detail: { type?: string; code?: string; statusCode?: number };
  constructor(error: unknown) {
    const { type, code, statusCode } = (error ?? {}) as { type?: string; code?: string; statusCode?: number };
    super(`Stripe did not answer the webhook's question (${type ?? 'no answer'})`);
    this.detail = { type, code, statusCode };
  }
}

/** The customer a charge was made to and the payment it belongs to. */
export interface ChargeFound {
  customerId: string | null;
  paymentIntentId: string | null;
}

/**
 * What the webhook asks Stripe, in the API version the product pins (whatever version the
 * endpoint sends its events in): whose user a customer is, whose a charge is, which invoice
 * a payment paid (the invoice payments API: since basil a charge no longer names it), and the
 * cancellation of a subscription that must charge no more. Short timeouts, no retries: a
 * delivery Stripe retries is the retry.
 */
export interface StripeWebhookGateway {
  /** The event Stripe signed; throws on a missing or wrong signature. */
  verifiedEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
  /** The product user a Stripe customer was made for (its metadata), null for someone else's customer. */
  userOfCustomer(customerId: string): Promise<string | null>;
  chargeOf(chargeId: string): Promise<ChargeFound | null>;
  /** The invoice a payment paid: by its id where the event named it, else through the invoice payments. */
  invoiceOfPayment(payment: { invoiceId: string | null; paymentIntentId: string | null }): Promise<AnyInvoice | null>;
  /** Cancels a subscription now; one already cancelled (or gone) is left as it is. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Stripe's fee for the payment of an invoice, from its balance transaction; null when there is none yet. */
  feeOfInvoice(invoiceId: string): Promise<{ amount: number; currency: string } | null>;
}

/** Stripe does not know the object: it is no customer or charge of this account. */
const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;
const orNullWhenMissing = (error: unknown) => {
  if (isMissing(error)) return null;
  throw error;
};

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StripeReadFailed(error);
  }
}

export function stripeWebhookGateway(config: BillingConfig): StripeWebhookGateway {
  // no retries: the delivery Stripe retries is the retry
  const stripe = stripeClient(config, { timeoutMs: WEBHOOK_READ_TIMEOUT_MS, retries: 0 });

  return {
    verifiedEvent: (rawBody, signature) =>
      stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret),

    userOfCustomer: (customerId) =>
      calling(async () => {
        const customer = await stripe.customers.retrieve(customerId).catch(orNullWhenMissing);
        return !customer || customer.deleted ? null : (customer.metadata?.userId ?? null);
      }),

    chargeOf: (chargeId) =>
      calling(async () => {
        const charge = await stripe.charges.retrieve(chargeId).catch(orNullWhenMissing);
        return charge ? { customerId: idOf(charge.customer), paymentIntentId: idOf(charge.payment_intent) } : null;
      }),

    invoiceOfPayment: ({ invoiceId, paymentIntentId }) =>
      calling(async () => {
        if (invoiceId) return (await stripe.invoices.retrieve(invoiceId).catch(orNullWhenMissing)) as AnyInvoice | null;
        if (!paymentIntentId) return null;
        const payments = await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntentId },
          expand: ['data.invoice'],
          limit: 1,
        });
        const invoice = payments.data[0]?.invoice;
        return invoice && typeof invoice === 'object' && !invoice.deleted ? (invoice as AnyInvoice) : null;
      }),

    cancelSubscription: (subscriptionId) =>
      calling(async () => {
        try {
          await stripe.subscriptions.cancel(subscriptionId);
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status !== 400 && status !== 404) throw error;
          // cancelled already (by Stripe, the Dashboard or an earlier delivery), or no longer there
          const subscription = await stripe.subscriptions.retrieve(subscriptionId).catch(orNullWhenMissing);
          if (subscription && subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
            throw error;
        }
      }),

    feeOfInvoice: (invoiceId) =>
      calling(async () => {
        const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 });
        const payment = payments.data[0]?.payment;
        const paymentIntentId = idOf(payment?.payment_intent ?? null);
        const charge = paymentIntentId
          ? (await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] }))
              .latest_charge
          : payment?.charge
            ? await stripe.charges.retrieve(idOf(payment.charge)!, { expand: ['balance_transaction'] })
            : null;
        const transaction = charge && typeof charge === 'object' ? charge.balance_transaction : null;
        return transaction && typeof transaction === 'object'
          ? { amount: transaction.fee, currency: transaction.currency }
          : null;
      }),
  };
}

/** The answer of `work`, or StripeReadFailed once `ms` have passed (the work's late answer is then ignored). */
export async function withinDeadline<T>(work: Promise<T>, ms = WEBHOOK_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StripeReadFailed({ type: 'webhook_deadline' })), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

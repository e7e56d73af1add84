import Stripe from 'stripe';
import type { BillingConfig } from './billing-config.ts';

/**
 * The Stripe API version every call is made in, and so the shape of every object the product
 * reads back. Set here rather than left to the `stripe` package (pinned exactly in
 * package.json) so that no upgrade moves it unnoticed; it is the version the package's types
 * describe, and the one docs/selling-plans.md tells the operator to give the webhook endpoint.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/**
 * The official client at STRIPE_API_URL (Stripe's own, or a fake one in tests). `timeoutMs`
 * and `retries` bound how long a caller waits: someone's browser, or Stripe's own delivery.
 */
export function stripeClient(
  billing: Pick<BillingConfig, 'secretKey' | 'apiUrl'>,
  limits: { timeoutMs: number; retries: number },
): Stripe {
  const { apiUrl } = billing;
  return new Stripe(billing.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: apiUrl.hostname,
    port: apiUrl.port || (apiUrl.protocol === 'http:' ? 80 : 443),
    protocol: apiUrl.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: limits.retries,
    timeout: limits.timeoutMs,
    telemetry: false,
  });
}

/**
 * Is this failure Stripe's side (down, overloaded, no answer in time: try again later), or did
 * Stripe refuse what was asked (a 4xx: a wrong price, key or parameter, which no retry mends)?
 */
export function isStripeDown(error: unknown): boolean {
  const { statusCode, type } = (error ?? {}) as { statusCode?: number; type?: string };
  if (statusCode === undefined) return type !== 'StripeInvalidRequestError' && type !== 'StripeAuthenticationError';
  return statusCode >= 500 || statusCode === 429;
}

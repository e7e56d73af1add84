import type { BillingInterval, BillingOffer } from '@vip/contracts';
import { type BillingConfig, configuredPrices } from './billing-config.ts';
import type { AppConfig } from './config.ts';
import { isStripeDown, stripeClient } from './stripe-client.ts';

/** STRIPE_PRICES names a price Stripe cannot sell as it says (or Stripe could not be asked): the start stops. */
export class StripePricesRefused extends Error {}

/** Why a configured price cannot be sold as STRIPE_PRICES says, or null when it can. */
function priceProblem(
  price: {
    active: boolean;
    type: string;
    unit_amount: number | null;
    recurring: { interval: string; interval_count: number } | null;
  },
  interval: BillingInterval,
): string | null {
  if (!price.active) return 'is not active (archived in the Dashboard)';
  if (price.type !== 'recurring' || !price.recurring) return 'is a one-time price, not a recurring one';
  if (price.recurring.interval !== interval || price.recurring.interval_count !== 1)
    return `is charged every ${price.recurring.interval_count} ${price.recurring.interval}(s), not every ${interval}`;
  if (price.unit_amount === null) return 'has no fixed amount (tiered or customer-chosen)';
  return null;
}

/**
 * What Stripe charges for each configured price, read once at start: a price Stripe does not
 * know, an inactive or one-time one, or one of another interval stops the start with a
 * message naming STRIPE_PRICES. The amounts and currencies are then what every page shows,
 * never the shipped defaults.
 */
export async function readStripePrices(billing: BillingConfig): Promise<BillingOffer[]> {
  const stripe = stripeClient(billing, { timeoutMs: 10_000, retries: 2 });
  const offers: BillingOffer[] = [];
  for (const { plan, interval, priceId } of configuredPrices(billing)) {
    const label = interval === 'year' ? `${plan}:year` : plan;
    let price: Awaited<ReturnType<typeof stripe.prices.retrieve>>;
    try {
      price = await stripe.prices.retrieve(priceId);
    } catch (error) {
      const { statusCode, message } = error as { statusCode?: number; message?: string };
      if (statusCode === 404)
        throw new StripePricesRefused(
          `STRIPE_PRICES: ${label}=${priceId} is no price of this Stripe account (a test key sees only test-mode prices)`,
        );
      if (isStripeDown(error))
        throw new StripePricesRefused(`Stripe did not answer while reading the prices of STRIPE_PRICES: ${message}`);
      throw new StripePricesRefused(`Stripe refused to show ${label}=${priceId} of STRIPE_PRICES: ${message}`);
    }
    const problem = priceProblem(price, interval);
    if (problem) throw new StripePricesRefused(`STRIPE_PRICES: ${label}=${priceId} ${problem}`);
    offers.push({ plan, interval, amount: price.unit_amount!, currency: price.currency });
  }
  return offers;
}

/** The configuration with Stripe's prices in it (unchanged while billing is off). */
export async function withStripePrices(config: AppConfig): Promise<AppConfig> {
  if (!config.billing || config.billing.offers) return config;
  return { ...config, billing: { ...config.billing, offers: await readStripePrices(config.billing) } };
}

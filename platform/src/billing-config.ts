import { isIP } from 'node:net';
import { type BillingInterval, type BillingOffer, billingIntervals, configDefaults, planNamed } from '@vip/contracts';

/**
 * Plans sold through Stripe (decisions.md §13). Present only when STRIPE_SECRET_KEY is set;
 * without it billing is off and an admin sells every plan, as before. The key and the
 * webhook secret are configuration only: never logged, never in an event, and a wrong one
 * is refused at start without being repeated.
 */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** The monthly Stripe price of each plan sold online, by the plan's configured name. */
  prices: Record<string, string>;
  /** The yearly Stripe price of the plans sold by the year too (`Plan:year=price_…`). */
  yearlyPrices: Record<string, string>;
  /** Where the Stripe API answers (a test points it at a fake Stripe). */
  apiUrl: URL;
  /** Days a plan stays on after a failed payment (and past a paid period, while the renewal is charged). */
  graceDays: number;
  /** Checkout takes promotion codes (BILLING_PROMOTION_CODES, on unless `false`). */
  promotionCodes: boolean;
  /** Days of a first-time buyer's trial (BILLING_TRIAL_DAYS); 0: no trial. */
  trialDays: number;
  /** Stripe Tax computes the tax, and Checkout asks for the address and a tax id (STRIPE_AUTOMATIC_TAX). */
  automaticTax: boolean;
  /** What Stripe charges for each configured price, read from Stripe at start (stripe-prices.ts); null until then. */
  offers: BillingOffer[] | null;
}

export const STRIPE_API_URL = 'https://api.stripe.com';
export const DEFAULT_GRACE_DAYS = 3;
const MAX_GRACE_DAYS = 60;
/** Stripe's own ceiling for `trial_period_days`. */
const MAX_TRIAL_DAYS = 730;

/** The plans' Stripe prices, monthly and yearly. */
export type PriceBook = Pick<BillingConfig, 'prices' | 'yearlyPrices'>;

/** The plans with a price (monthly or yearly), in the spec's order. */
export const pricedPlans = (billing: PriceBook): string[] =>
  configDefaults.plans
    .map((plan) => plan.name)
    .filter((name) => billing.prices[name] !== undefined || billing.yearlyPrices[name] !== undefined);

/** The Stripe price of a plan paid by the month or the year; undefined when it is not sold so. */
export const priceOf = (billing: PriceBook, plan: string, interval: BillingInterval): string | undefined =>
  (interval === 'year' ? billing.yearlyPrices : billing.prices)[plan];

/** Every configured price with its plan and interval, monthly ones first. */
export const configuredPrices = (
  billing: PriceBook,
): Array<{ plan: string; interval: BillingInterval; priceId: string }> =>
  billingIntervals.flatMap((interval) =>
    pricedPlans(billing)
      .filter((plan) => priceOf(billing, plan, interval) !== undefined)
      .map((plan) => ({ plan, interval, priceId: priceOf(billing, plan, interval)! })),
  );

/** The plan a Stripe price stands for, whichever its interval; null for a price STRIPE_PRICES does not name. */
export const planOfPrice = (billing: PriceBook, priceId: string | null): string | null =>
  priceId === null ? null : (configuredPrices(billing).find((price) => price.priceId === priceId)?.plan ?? null);

const PRICES_FORMAT = `STRIPE_PRICES must be Plan=price_… (monthly) or Plan:year=price_… (yearly) pairs separated by commas, each plan one of ${configDefaults.plans.map((p) => p.name).join(', ')}`;

/** STRIPE_PRICES=Basic=price_…,Basic:year=price_…,Business=price_…: each plan and interval at most once. */
function pricesOf(raw: string | undefined): PriceBook {
  const text = raw?.trim();
  if (!text) throw new Error('STRIPE_PRICES must name the Stripe price of at least one plan, e.g. Basic=price_123');
  const priced = { prices: {} as Record<string, string>, yearlyPrices: {} as Record<string, string> };
  const seen = new Set<string>();
  for (const entry of text.split(',')) {
    const [key, price, ...rest] = entry.split('=').map((part) => part.trim());
    const [name, interval = 'month', ...more] = (key ?? '').split(':').map((part) => part.trim().toLowerCase());
    const plan = planNamed(name);
    if (!plan || !price || rest.length > 0 || more.length > 0 || (interval !== 'month' && interval !== 'year'))
      throw new Error(`${PRICES_FORMAT}; got "${entry.trim()}"`);
    if (!/^price_\w+$/.test(price))
      throw new Error(`STRIPE_PRICES: the price of ${plan.name} must be a Stripe price id (price_…), got "${price}"`);
    const label = interval === 'year' ? `${plan.name}:year` : plan.name;
    if (seen.has(label)) throw new Error(`STRIPE_PRICES names ${label} twice`);
    if (seen.has(price)) throw new Error(`STRIPE_PRICES gives ${price} to two plans`);
    seen.add(label).add(price);
    (interval === 'year' ? priced.yearlyPrices : priced.prices)[plan.name] = price;
  }
  return priced;
}

/** A loopback host (127.0.0.0/8, ::1, localhost): the key never leaves the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

function apiUrlOf(raw: string | undefined): URL {
  const text = raw?.trim() || STRIPE_API_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`STRIPE_API_URL must be an https:// address, got "${text}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.pathname !== '/')
    throw new Error(`STRIPE_API_URL must be an https:// address with no path, got "${text}"`);
  // the secret key goes with every call: in clear text only to this machine (a fake Stripe in tests)
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    throw new Error(`STRIPE_API_URL must be https:// (http:// only on a loopback address), got "${text}"`);
  return url;
}

function daysOf(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new Error(`${name} must be a whole number of days from 0 to ${max}, got "${raw}"`);
  return value;
}

function switchOf(name: string, raw: string | undefined, fallback: boolean): boolean {
  const text = raw?.trim().toLowerCase();
  if (!text) return fallback;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** The billing configuration, or undefined while STRIPE_SECRET_KEY is not set. */
export function billingConfigOf(env: NodeJS.ProcessEnv): BillingConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  // the values are secrets: an error names the variable and what it should look like, never what it holds
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    throw new Error('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)');
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!webhookSecret || !/^whsec_\w+$/.test(webhookSecret))
    throw new Error(
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…) when STRIPE_SECRET_KEY is set",
    );
  // Stripe sends the buyer back to the product: to its configured address, never one a request names (its Host)
  if (!env.PUBLIC_URL?.trim())
    throw new Error(
      "PUBLIC_URL must be set when STRIPE_SECRET_KEY is: Stripe's checkout and portal send buyers back to it",
    );
  return {
    secretKey,
    webhookSecret,
    ...pricesOf(env.STRIPE_PRICES),
    apiUrl: apiUrlOf(env.STRIPE_API_URL),
    graceDays: daysOf('BILLING_GRACE_DAYS', env.BILLING_GRACE_DAYS, DEFAULT_GRACE_DAYS, MAX_GRACE_DAYS),
    promotionCodes: switchOf('BILLING_PROMOTION_CODES', env.BILLING_PROMOTION_CODES, true),
    trialDays: daysOf('BILLING_TRIAL_DAYS', env.BILLING_TRIAL_DAYS, 0, MAX_TRIAL_DAYS),
    automaticTax: switchOf('STRIPE_AUTOMATIC_TAX', env.STRIPE_AUTOMATIC_TAX, false),
    offers: null,
  };
}

import { configDefaults, planNamed } from '@vip/contracts';

/**
 * Plans sold through Stripe (decisions.md §13). Present only when STRIPE_SECRET_KEY is set;
 * without it billing is off and an admin sells every plan, as before. The key and the
 * webhook secret are configuration only: never logged, never in an event, and a wrong one
 * is refused at start without being repeated.
 */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price of each plan sold online, by the plan's configured name. */
  prices: Record<string, string>;
  /** Where the Stripe API answers (a test points it at a fake Stripe). */
  apiUrl: URL;
  /** Days a plan stays on after a failed payment (and past a paid period, while the renewal is charged). */
  graceDays: number;
}

export const STRIPE_API_URL = 'https://api.stripe.com';
export const DEFAULT_GRACE_DAYS = 3;
const MAX_GRACE_DAYS = 60;

/** The plans with a price, in the spec's order. */
export const pricedPlans = (billing: BillingConfig): string[] =>
  configDefaults.plans.map((plan) => plan.name).filter((name) => billing.prices[name] !== undefined);

/** STRIPE_PRICES=Basic=price_…,Business=price_…: each configured plan at most once, each price a Stripe price id. */
function pricesOf(raw: string | undefined): Record<string, string> {
  const text = raw?.trim();
  if (!text) throw new Error('STRIPE_PRICES must name the Stripe price of at least one plan, e.g. Basic=price_123');
  const prices: Record<string, string> = {};
  for (const entry of text.split(',')) {
    const [name, price, ...rest] = entry.split('=').map((part) => part.trim());
    const plan = planNamed(name);
    if (!plan || !price || rest.length > 0)
      throw new Error(
        `STRIPE_PRICES must be Plan=price_… pairs separated by commas, each plan one of ${configDefaults.plans.map((p) => p.name).join(', ')}; got "${entry.trim()}"`,
      );
    if (!/^price_\w+$/.test(price))
      throw new Error(`STRIPE_PRICES: the price of ${plan.name} must be a Stripe price id (price_…), got "${price}"`);
    if (prices[plan.name]) throw new Error(`STRIPE_PRICES names the ${plan.name} plan twice`);
    prices[plan.name] = price;
  }
  return prices;
}

function apiUrlOf(raw: string | undefined): URL {
  const text = raw?.trim() || STRIPE_API_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`STRIPE_API_URL must be an http:// or https:// address, got "${text}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.pathname !== '/')
    throw new Error(`STRIPE_API_URL must be an http:// or https:// address with no path, got "${text}"`);
  return url;
}

function graceDaysOf(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_GRACE_DAYS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_GRACE_DAYS)
    throw new Error(`BILLING_GRACE_DAYS must be a whole number of days from 0 to ${MAX_GRACE_DAYS}, got "${raw}"`);
  return value;
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
  return {
    secretKey,
    webhookSecret,
    prices: pricesOf(env.STRIPE_PRICES),
    apiUrl: apiUrlOf(env.STRIPE_API_URL),
    graceDays: graceDaysOf(env.BILLING_GRACE_DAYS),
  };
}

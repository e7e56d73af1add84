import type { BillingInterval } from '@vip/contracts';
import { moneyText, offerOf, yearlySavingPercent } from '@vip/contracts/plain';
import type { SiteSettings } from '../../app/siteConfig.ts';

/** A plan as the pricing tables show it (spec §9). */
export interface PricingTier {
  name: string;
  /** The plan's shipped price in euros a month: what an admin sells it for. */
  price: number;
  /** What the card says it costs: Stripe's amount where Stripe sells the plan, else the shipped price. */
  priceText: string;
  /** Every month or every year. */
  per: BillingInterval;
  /** What paying by the year saves against twelve months ("Save 16%"), on a yearly price. */
  saving?: string;
  mostPopular?: boolean;
  features: string[];
}

const serversText = (slots: number) => (slots === 1 ? '1 server' : `Up to ${slots} servers`);

/**
 * What a plan costs at the interval chosen: Stripe's amount where Stripe sells it (the other
 * interval's when it is sold only so), else the shipped price in euros a month (an admin sells it).
 */
function priceOf(
  plan: SiteSettings['plans'][number],
  billing: SiteSettings['billing'],
  interval: BillingInterval,
): Pick<PricingTier, 'priceText' | 'per' | 'saving'> {
  const offers = billing?.offers ?? [];
  const offer = offerOf(offers, plan.name, interval) ?? offers.find((sold) => sold.plan === plan.name);
  if (!offer) return { priceText: formatEuro(plan.priceEuros), per: 'month' };
  const saving = offer.interval === 'year' ? yearlySavingPercent(offers, plan.name) : null;
  return {
    priceText: moneyText(offer.amount, offer.currency),
    per: offer.interval,
    ...(saving ? { saving: `Save ${saving}%` } : {}),
  };
}

/** Does Stripe sell any plan by the year (the pricing table then offers the switch)? */
export const soldYearly = (billing: SiteSettings['billing']) =>
  billing?.offers.some((offer) => offer.interval === 'year') ?? false;

/**
 * The plans the running product sells (GET /api/site), in the spec's order, each line from
 * what the plan includes: what the server enforces is what the table says; the price is what
 * Stripe charges while billing is on.
 */
export function pricingTiersOf(
  plans: SiteSettings['plans'],
  billing: SiteSettings['billing'] = null,
  interval: BillingInterval = 'month',
): PricingTier[] {
  return plans.map((plan) => ({
    name: plan.name,
    price: plan.priceEuros,
    ...priceOf(plan, billing, interval),
    mostPopular: plan.mostPopular,
    features: [
      serversText(plan.serverSlots),
      plan.prioritySupport ? 'Priority support' : 'Standard support',
      plan.customVerificationMessage ? 'Custom verification messages' : 'No custom messages',
      ...(plan.analytics ? ['Analytics'] : []),
      ...(plan.lifetimeUpdates ? ['Lifetime updates'] : []),
    ],
  }));
}

/** The poster bot's one plan (spec §9). */
export function posterPlanTier({ name, priceEuros, serverSlots }: SiteSettings['posterPlan']): PricingTier {
  return {
    name: `${name} Plan`,
    price: priceEuros,
    priceText: formatEuro(priceEuros),
    per: 'month',
    features: [
      'Post videos to any channel',
      'Browse and re-post your video library',
      'Priority support',
      `Works in ${serversText(serverSlots).toLowerCase()}`,
    ],
  };
}

export const formatEuro = (amount: number) => `€${amount}`;

/**
 * Where a pricing card's "Get …" leads while the plan is sold online (GET /api/site says which
 * are): the signed-in part's buy page, through sign-in when nobody is signed in, then on to
 * Stripe's checkout. Null: an admin sells it (the support link).
 */
export function buyPathOf(
  billing: SiteSettings['billing'],
  planName: string,
  interval: BillingInterval = 'month',
): string | null {
  if (!billing?.plans.includes(planName)) return null;
  const path = `/buy/${encodeURIComponent(planName.toLowerCase())}`;
  // a plan sold only by the other interval is bought at that one
  const sold = offerOf(billing.offers, planName, interval) ? interval : interval === 'year' ? 'month' : 'year';
  return sold === 'year' ? `${path}?interval=year` : path;
}

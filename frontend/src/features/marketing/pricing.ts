import type { SiteSettings } from '../../app/siteConfig.ts';

/** A plan as the pricing tables show it (spec §9), per month. */
export interface PricingTier {
  name: string;
  price: number;
  mostPopular?: boolean;
  features: string[];
}

const serversText = (slots: number) => (slots === 1 ? '1 server' : `Up to ${slots} servers`);

/**
 * The plans the running product sells (GET /api/site), in the spec's order, each line from
 * what the plan includes: what the server enforces is what the table says.
 */
export function pricingTiersOf(plans: SiteSettings['plans']): PricingTier[] {
  return plans.map((plan) => ({
    name: plan.name,
    price: plan.priceEuros,
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
export function buyPathOf(billing: SiteSettings['billing'], planName: string): string | null {
  return billing?.plans.includes(planName) ? `/buy/${encodeURIComponent(planName.toLowerCase())}` : null;
}

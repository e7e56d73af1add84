import type { Plan } from './config-defaults.ts';

/** One bot as the invite pages show it. */
export interface BotInvite {
  clientId: string;
  inviteUrl: string;
  /** The permission bit set asked for, in decimal. */
  permissions: string;
}

/**
 * GET /api/site (decisions.md §12): what the running product tells every visitor page. Read
 * at run time, so changing a variable needs a restart, never a rebuild. Nothing here is a
 * secret: it all ends up in pages.
 */
export interface SiteSettings {
  /** null while DISCORD_CLIENT_ID is not set (or is not an application id). */
  keyBot: BotInvite | null;
  /** null while POSTER_DISCORD_CLIENT_ID is not set. */
  posterBot: BotInvite | null;
  /** The support server's invite (SUPPORT_URL), null when not configured. */
  supportUrl: string | null;
  keyLifetimeHours: number;
  vipRoleMinutes: number;
  accessHashLifetimeMinutes: number;
  defaultServerSlots: number;
  /**
   * Days a visitor's hashed address stays linkable to it (VISITOR_RETENTION_DAYS). Always sent;
   * absent only from the pages' own fallback when the settings cannot be read, where the privacy
   * page states the default (kept out of that fallback, which every page loads).
   */
  visitorRetentionDays?: number;
  /** Spec §9, in the spec's order. */
  plans: readonly Plan[];
  posterPlan: { name: string; priceEuros: number; serverSlots: number };
  /**
   * Plans sold through Stripe (decisions.md §13): the names of the plans with a price
   * (STRIPE_PRICES), in the spec's order, what Stripe charges for each (read from Stripe at
   * start), the grace days of a failed payment and a first-time buyer's trial days; null while
   * billing is off (no STRIPE_SECRET_KEY), when an admin sells every plan.
   */
  billing: { plans: string[]; offers: BillingOffer[]; graceDays: number; trialDays: number } | null;
}

/** How often a plan bought online is paid: STRIPE_PRICES gives each plan a monthly price, a yearly one, or both. */
export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** A plan as Stripe sells it: the amount its price charges (smallest currency unit) every interval. */
export interface BillingOffer {
  plan: string;
  interval: BillingInterval;
  amount: number;
  /** Lowercase ISO code, as Stripe gives it. */
  currency: string;
}

/** The offer of a plan at an interval; undefined when it is not sold so. */
export const offerOf = (offers: readonly BillingOffer[], plan: string, interval: BillingInterval) =>
  offers.find((offer) => offer.plan === plan && offer.interval === interval);

/**
 * What paying by the year saves against twelve months, in whole percent; null when there is
 * nothing to compare (one of them is not sold, other currencies) or no saving.
 */
export function yearlySavingPercent(offers: readonly BillingOffer[], plan: string): number | null {
  const month = offerOf(offers, plan, 'month');
  const year = offerOf(offers, plan, 'year');
  if (!month || !year || month.currency !== year.currency || month.amount <= 0) return null;
  const percent = Math.floor((1 - year.amount / (12 * month.amount)) * 100);
  return percent > 0 ? percent : null;
}

/** The id of the HTML element that carries the settings in the page the all-in-one serves. */
export const SITE_SETTINGS_ELEMENT_ID = 'site-settings';

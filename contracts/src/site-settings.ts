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
  /** Spec §9, in the spec's order. */
  plans: readonly Plan[];
  posterPlan: { name: string; priceEuros: number; serverSlots: number };
  /**
   * Plans sold through Stripe (decisions.md §13): the names of the plans with a price
   * (STRIPE_PRICES), in the spec's order, and the grace days of a failed payment; null while
   * billing is off (no STRIPE_SECRET_KEY), when an admin sells every plan.
   */
  billing: { plans: string[]; graceDays: number } | null;
}

/** The id of the HTML element that carries the settings in the page the all-in-one serves. */
export const SITE_SETTINGS_ELEMENT_ID = 'site-settings';

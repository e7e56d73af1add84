/**
 * The product's business constants (spec §9, decisions.md §7). Every service and the
 * frontend read these defaults from here; environment variables may override the
 * server-side ones (see platform/src/config.ts).
 */
export const configDefaults = {
  /** A generated key can be redeemed for this long. */
  keyLifetimeHours: 24,
  /** How long a redeemed key's VIP role lasts; another key adds as much to the window's end. */
  vipRoleMinutes: 60,
  /** The furthest a VIP window may end from now, however many keys extend it. */
  vipMaxHours: 24,
  /** Servers a subscriber may register unless their plan says otherwise. */
  defaultServerSlots: 3,
  /** A one-time access hash link stays valid this long. */
  accessHashLifetimeMinutes: 30,
  greetingDelaySeconds: { min: 1, max: 3, default: 3 },
  greetingDefaultMessage: 'Welcome {user} to {server.name}! You are our {membercount}th member!',
  autoPingHours: { min: 1, max: 12 },
  statsRefreshSeconds: 30,
  /**
   * A member-count report this close to the last recorded count (a share of it), and this soon
   * after it, appends nothing: most reports of a busy server repeat the count give or take a
   * join, and the landing strip and the statistics stay within the share.
   */
  memberCountQuiet: { share: 0.01, minutes: 60 },
  /** How long a signed-in session lasts before the token expires. */
  sessionHours: 24 * 7,
  /** Sign in with Discord and /link (decisions.md §9). */
  discordIdentity: {
    /** A /link code works once, for this long. */
    linkCodeMinutes: 10,
    /** Between "Sign in with Discord" and Discord sending the browser back. */
    signInMinutes: 10,
    /** How long the panel waits for the key bot to read a member's roles before it stops waiting. */
    managementCheckMinutes: 10,
    /** Link codes and role checks a signed-in user may ask for per minute. */
    requestsPerMinute: 10,
  },
  toasts: {
    successMs: 2000,
    errorMs: 4000,
    max: 20,
    copySuccessMs: 3000,
    fadeMs: 300,
    announcementHighMs: 6000,
    announcementOtherMs: 4000,
  },
  priorities: ['low', 'medium', 'high'] as const,
  defaultPriority: 'medium' as const,
  topGuildsInStrip: 5,
  /**
   * Spec §9 pricing, per month, in the spec's order. The one definition of what a plan sells:
   * the pricing pages show it (through GET /api/site) and the server enforces it (decisions.md
   * §11: slots, the custom verification message, analytics). A subscription names its plan by
   * `name` (compared without case); a name not listed here is not one of these plans.
   */
  plans: [
    {
      id: 'basic',
      name: 'Basic',
      priceEuros: 7,
      serverSlots: 1,
      prioritySupport: false,
      customVerificationMessage: false,
      analytics: false,
      lifetimeUpdates: false,
      mostPopular: false,
    },
    {
      id: 'business',
      name: 'Business',
      priceEuros: 15,
      serverSlots: 3,
      prioritySupport: true,
      customVerificationMessage: true,
      analytics: true,
      lifetimeUpdates: false,
      mostPopular: true,
    },
    {
      id: 'premium',
      name: 'Premium',
      priceEuros: 10,
      serverSlots: 2,
      prioritySupport: true,
      customVerificationMessage: true,
      analytics: false,
      lifetimeUpdates: true,
      mostPopular: false,
    },
  ],
  /**
   * Servers a subscriber whose plan ended keeps editable (the free tier, decisions.md §11); the
   * servers beyond become read-only until the plan is renewed. FREE_TIER_SERVERS overrides it.
   */
  freeTierServers: 1,
  /** Spec §9: the poster bot's one plan. */
  posterPlan: { id: 'poster-business', name: 'Business', priceEuros: 15, serverSlots: 3 },
} as const;

/** A plan as the product sells it: what the pricing table says and the server enforces. */
export interface Plan {
  id: string;
  name: string;
  priceEuros: number;
  serverSlots: number;
  prioritySupport: boolean;
  customVerificationMessage: boolean;
  analytics: boolean;
  lifetimeUpdates: boolean;
  mostPopular: boolean;
}

/** The plan a subscription's name stands for, if it is one of the configured plans. */
export function planNamed(name: string | undefined | null): Plan | undefined {
  const wanted = name?.trim().toLowerCase();
  const plans: readonly Plan[] = configDefaults.plans;
  return wanted ? plans.find((plan) => plan.name.toLowerCase() === wanted) : undefined;
}

export type Priority = (typeof configDefaults.priorities)[number];

/**
 * Days a visitor's address stays linkable to its visits (VISITOR_RETENTION_DAYS). Apart from
 * configDefaults, whose every field each page loads: only the privacy page states it.
 */
export const visitorRetentionDaysDefault = 30;

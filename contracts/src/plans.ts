import { configDefaults, type Plan, planNamed } from './config-defaults.ts';

/**
 * What a plan delivers at a given time (decisions.md §11), from the plans of config-defaults.
 * Zod-free, so the panel computes the same answers as the server: the command service
 * enforces them, the query service and the key bot read them, the panel explains them.
 *
 * A plan's end is a time, not an event: every reader asks with its own `now` whether the
 * plan still runs, so nothing has to happen at the moment it runs out, and an admin's
 * extension (which moves the expiry) restores everything at once.
 */
export interface PlanHolding {
  planName: string;
  /** The admin's number of slots for this subscriber; null follows the plan. */
  slotsOverride: number | null;
  /** The plan runs at the time asked: not ended and not past its expiry. */
  active: boolean;
}

/**
 * A subscriber's plan as its reader holds it: the subscription stream's fold on the write
 * side, the subscriptions read model's document on the read side. Both keep these fields, so
 * the rules below are stated once for both.
 */
export interface PlanRecord {
  /** null: never had a plan. */
  planName: string | null;
  /** The admin's number of slots for this subscriber; null follows the plan. */
  slotsOverride: number | null;
  expiresAt: string | null;
  /** Set when the plan was ended (by an admin, or Stripe) rather than ran out; null while it runs. */
  endedAt: string | null;
}

/** The plan runs at `now`: it was not ended and its expiry is ahead. */
export function planRuns(plan: Pick<PlanRecord, 'endedAt' | 'expiresAt'> | null, now: Date): boolean {
  return (
    !!plan && plan.endedAt === null && plan.expiresAt !== null && new Date(plan.expiresAt).getTime() > now.getTime()
  );
}

/** The plan as the rules below read it at `now`; null for someone who never had one. */
export function planHoldingOf(plan: PlanRecord | null, now: Date): PlanHolding | null {
  if (!plan || plan.planName === null) return null;
  return { planName: plan.planName, slotsOverride: plan.slotsOverride, active: planRuns(plan, now) };
}

/** Premium (no ads, premium keys, no sponsor step): a running plan other than a free one. */
export function isPremium(holding: PlanHolding | null): boolean {
  return !!holding && holding.active && holding.planName.trim().toLowerCase() !== 'free';
}

/** What a plan may include beyond server slots. */
export type PlanFeature = 'customVerificationMessage' | 'analytics';

export const planFeatureNames: Record<PlanFeature, string> = {
  customVerificationMessage: 'custom verification message',
  analytics: 'analytics',
};

export interface SlotLimits {
  /** Slots of a user with no plan at all, and of a plan that names no number (DEFAULT_SERVER_SLOTS). */
  defaultSlots: number;
  /** Servers a subscriber whose plan ended keeps editable (FREE_TIER_SERVERS). */
  freeTierServers: number;
}

/** The slot limits a running service was configured with (DEFAULT_SERVER_SLOTS, FREE_TIER_SERVERS). */
export const slotLimitsOf = (config: { defaultServerSlots: number; freeTierServers: number }): SlotLimits => ({
  defaultSlots: config.defaultServerSlots,
  freeTierServers: config.freeTierServers,
});

/** The slots a plan gives while it runs: the admin's override, else the plan's, else the default (no plan too). */
export function planSlots(holding: Pick<PlanRecord, 'planName' | 'slotsOverride'>, defaultSlots: number): number {
  return holding.slotsOverride ?? planNamed(holding.planName)?.serverSlots ?? defaultSlots;
}

/**
 * The slots usable now: a user without a plan has the default; a running plan its slots; an
 * ended plan falls back to the free tier, never to more than it had.
 */
export function usableSlots(holding: PlanHolding | null, limits: SlotLimits): number {
  if (!holding) return limits.defaultSlots;
  const slots = planSlots(holding, limits.defaultSlots);
  return holding.active ? slots : Math.min(slots, limits.freeTierServers);
}

/** The servers kept but not editable: those beyond the usable slots, in the order they were added. */
export function readOnlyServers(servers: readonly string[], usable: number): string[] {
  return servers.slice(Math.max(0, usable));
}

/** Does the plan include this now? An ended plan, or no plan, includes nothing. */
export function planIncludes(holding: PlanHolding | null, feature: PlanFeature): boolean {
  return !!holding && holding.active && planNamed(holding.planName)?.[feature] === true;
}

/** The plans that include a feature, cheapest first (the panel says which plan unlocks it). */
export function plansWith(feature: PlanFeature): Plan[] {
  return configDefaults.plans.filter((plan) => plan[feature]).sort((a, b) => a.priceEuros - b.priceEuros);
}

/** "Premium or Business": the plans that include a feature, as the panel and the API say it. */
export function plansWithText(feature: PlanFeature): string {
  const names = plansWith(feature).map((plan) => plan.name);
  return names.length <= 1 ? (names[0] ?? 'no plan') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

import type { BillingStanding } from '../events/billing.ts';

/** Read model of the subscribers' plans. */
export const subscriptionReadModels = {
  subscriptions: 'subscriptions',
} as const;

/** One per subscriber (userId); written by the subscriptions projector. */
export interface SubscriptionDocument {
  _id: string;
  userId: string;
  planName: string;
  /** The slots the plan gives while it runs: the override, else the plan's (contracts' plans). */
  maxSlots: number;
  /** The admin's number for this subscriber; null follows the plan. */
  slotsOverride: number | null;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  discordUserId: string | null;
  /** How Stripe bills the plan (decisions.md §13); absent or null: a plan an admin set by hand. */
  billing?: BillingStanding | null;
}

/** How the plan is paid, from its document: manual unless Stripe bills it. */
export function planBillingOf(doc: Pick<SubscriptionDocument, 'billing'>): import('../api/billing.ts').PlanBilling {
  const billing = doc.billing;
  if (!billing) return { kind: 'manual' };
  const { status, paidUntil, graceUntil, cancelsAt, endedAt } = billing;
  return { kind: 'stripe', status, paidUntil, graceUntil, cancelsAt, endedAt, trialUntil: billing.trialUntil ?? null };
}

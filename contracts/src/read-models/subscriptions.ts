/** Read models of subscribers and the whitelist. */
export const subscriptionReadModels = {
  subscriptions: 'subscriptions',
  whitelist: 'whitelist',
} as const;

import type { BillingStanding } from '../events/billing.ts';

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
  return { kind: 'stripe', status, paidUntil, graceUntil, cancelsAt, endedAt };
}

/**
 * One per whitelisted member and server (`${guildId}-${userId}`); written by the whitelist
 * projector, deleted when the entry is removed. An expired entry stays until it is removed
 * or renewed, so readers decide activity with isActiveWhitelistEntry.
 */
export interface WhitelistDocument {
  _id: string;
  userId: string;
  guildId: string;
  duration: import('../events/whitelist.ts').WhitelistDuration;
  /** null: lifetime. */
  expiresAt: string | null;
  addedAt: string;
}

export const whitelistDocumentId = (guildId: string, userId: string) => `${guildId}-${userId}`;

/** Active at `now`: lifetime, or not yet past its expiry. */
export function isActiveWhitelistEntry(doc: Pick<WhitelistDocument, 'expiresAt'> | null, now: Date): boolean {
  return !!doc && (doc.expiresAt === null || new Date(doc.expiresAt).getTime() > now.getTime());
}

/** The ReadStore filter for entries active at `now` (expiresAt is an ISO string, so strings compare in time order). */
export function activeWhitelistFilter(now: Date): Record<string, unknown> {
  return { $or: [{ expiresAt: null }, { expiresAt: { $gt: now.toISOString() } }] };
}

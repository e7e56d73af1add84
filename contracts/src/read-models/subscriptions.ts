/** Read models of subscribers and the whitelist. */
export const subscriptionReadModels = {
  subscriptions: 'subscriptions',
  whitelist: 'whitelist',
} as const;

/** One per subscriber (userId); written by the subscriptions projector. */
export interface SubscriptionDocument {
  _id: string;
  userId: string;
  planName: string;
  maxSlots: number;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  discordUserId: string | null;
}

/** Active at `now`: not ended and not past its expiry. */
export function isActiveSubscription(doc: Pick<SubscriptionDocument, 'endedAt' | 'expiresAt'> | null, now: Date): boolean {
  return !!doc && doc.endedAt === null && new Date(doc.expiresAt).getTime() > now.getTime();
}

/** Premium (no ads, premium keys): an active plan other than a free one. */
export function isPremiumSubscription(doc: Pick<SubscriptionDocument, 'endedAt' | 'expiresAt' | 'planName'> | null, now: Date): boolean {
  return isActiveSubscription(doc, now) && doc!.planName.trim().toLowerCase() !== 'free';
}

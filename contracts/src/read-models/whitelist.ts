import type { WhitelistDuration } from '../events/whitelist.ts';

/** Read model of the whitelist: members who keep the VIP role without keys. */
export const whitelistReadModels = {
  whitelist: 'whitelist',
} as const;

/**
 * One per whitelisted member and server (`${guildId}-${userId}`); written by the whitelist
 * projector, deleted when the entry is removed. An expired entry stays until it is removed
 * or renewed, so readers decide activity with isActiveWhitelistEntry.
 */
export interface WhitelistDocument {
  _id: string;
  userId: string;
  guildId: string;
  duration: WhitelistDuration;
  /** null: lifetime. */
  expiresAt: string | null;
  addedAt: string;
}

export const whitelistDocumentId = (guildId: string, userId: string) => `${guildId}-${userId}`;

/**
 * The one rule of a whitelist entry's time: it runs at `now` while it is lifetime (no end) or its
 * end is still ahead. The decider, the key bot, the read side and its filter below all follow it.
 */
export function whitelistEntryRuns(expiresAt: string | number | null, now: Date | number): boolean {
  if (expiresAt === null) return true;
  return (typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt)) > +now;
}

/** Active at `now`: lifetime, or not yet past its expiry. */
export function isActiveWhitelistEntry(doc: Pick<WhitelistDocument, 'expiresAt'> | null, now: Date): boolean {
  return !!doc && whitelistEntryRuns(doc.expiresAt, now);
}

/** The ReadStore filter for entries active at `now` (expiresAt is an ISO string, so strings compare in time order). */
export function activeWhitelistFilter(now: Date): Record<string, unknown> {
  return { $or: [{ expiresAt: null }, { expiresAt: { $gt: now.toISOString() } }] };
}

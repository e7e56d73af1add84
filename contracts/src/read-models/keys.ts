import type { AccessHashStatus } from '../api/keys.ts';
import type { Tier } from '../events/keys.ts';

/**
 * Read models of access hashes, keys and visits. Every id that stands for a
 * secret (a key, an access hash, an address) is a digest: no read model can hand a key out.
 */
export const keyReadModels = {
  /** One per issued access hash, by the SHA-256 digest of the hash. */
  accessHashes: 'access_hashes',
  /** One per generated key, by the SHA-256 digest of the key: the audit trail and statistics. */
  keys: 'keys',
  /** One per visiting address, by its keyed digest. */
  visitors: 'visitors',
  /** Running totals; `_id: 'keys-generated'` counts every key ever generated. */
  keyCounters: 'key_counters',
  /** The visitors' running total; `_id: 'distinct-visitors'` counts the visitors documents ever made. */
  visitorTotals: 'visitor_totals',
} as const;

/** The projection (checkpoint) names of this area, for read-your-writes waits. */
export const keyProjections = {
  accessHashes: 'access-hashes',
  keys: 'keys',
  visitors: 'visitors',
  keyCounters: 'key-counters',
} as const;

export const keysGeneratedCounterId = 'keys-generated';
/** Each address once a day, summed over the days: read as one document, not counted over the visitors. */
export const distinctVisitorsCounterId = 'distinct-visitors';

export interface AccessHashDocument {
  _id: string; // hashDigest
  guildId: string;
  issuedAt: string;
  /** Judged at query time against now: the model never changes when a hash expires. */
  expiresAt: string;
  usedAt: string | null;
  /** Digest of the key generated through this link, once used. */
  keyDigest: string | null;
}

export interface KeyDocument {
  _id: string; // keyDigest
  guildId: string;
  tier: Tier;
  noAds: boolean;
  generatedAt: string;
  expiresAt: string;
  redeemedAt: string | null;
  /** Discord user id of the member who redeemed it. */
  redeemedBy: string | null;
  visitorDigest: string | null;
  accessHashDigest: string | null;
}

export interface VisitorDocument {
  _id: string; // the address's digest with its day's key: one document per address and day
  visits: number;
  firstSeenAt: string;
  lastSeenAt: string;
  /** The server of the last key page visited, when the visit named one. */
  lastGuildId: string | null;
  /** Position of the last visit counted: a redelivered event is not counted twice. */
  lastPosition: number;
}

export interface KeyCounterDocument {
  _id: string;
  count: number;
  /** Position of the last event counted: a redelivered event is not counted twice. */
  lastPosition: number;
}

/** How an access hash stands at `now`; used at query time, so expiry needs no event. */
export function accessHashStatusOf(
  doc: Pick<AccessHashDocument, 'expiresAt' | 'usedAt'> | null,
  now: Date,
): AccessHashStatus {
  if (!doc) return 'unknown';
  if (doc.usedAt !== null) return 'used';
  if (new Date(doc.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

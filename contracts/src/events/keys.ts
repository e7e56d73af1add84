import { z } from 'zod';

export const tierSchema = z.enum(['free', 'premium']);
export type Tier = z.infer<typeof tierSchema>;

/**
 * Stream `access-hash-<digest>`: a one-time link to a server's key page. Only the SHA-256
 * digest of the hash is ever stored; the hash itself lives in the visitor's URL.
 */
export const accessHashIssuedSchema = z.object({
  hashDigest: z.string(),
  guildId: z.string(),
  expiresAt: z.string(),
  issuedAt: z.string(),
});
export const accessHashUsedSchema = z.object({
  hashDigest: z.string(),
  guildId: z.string(),
  keyDigest: z.string(),
  usedAt: z.string(),
});

/** Stream `key-<digest>`: a VIP key's life. Only the SHA-256 digest of the key is stored. */
export const keyGeneratedSchema = z.object({
  keyDigest: z.string(),
  guildId: z.string(),
  tier: tierSchema,
  noAds: z.boolean(),
  expiresAt: z.string(),
  generatedAt: z.string(),
  /**
   * The visitor's address as its digest with the key of the day (linkable to the address until
   * that key is destroyed, VISITOR_RETENTION_DAYS), for distinct-visitor figures; never the address.
   */
  visitorDigest: z.string().nullable(),
  accessHashDigest: z.string().nullable(),
});
export const keyRedeemedSchema = z.object({
  keyDigest: z.string(),
  guildId: z.string(),
  discordUserId: z.string(),
  redeemedAt: z.string(),
});

/** Stream `visitor-<digest>`: visits of one (hashed) address. */
export const visitRecordedSchema = z.object({
  visitorDigest: z.string(),
  guildId: z.string().nullable(),
  visitedAt: z.string(),
  /**
   * v2: the page load this visit is, when the page named one (its two calls, trackIpVisit and
   * trackVisitor, record it once).
   */
  pageLoadId: z.string().optional(),
  /**
   * Read from v1 only: a visit that named no server. Before v2 every key page load called both
   * trackIpVisit (no server) and trackVisitor (its server), and both were recorded; the one
   * naming the server stands for the load, this one is its twin and counts nowhere.
   */
  twin: z.literal(true).optional(),
});

import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { errorCodes } from '../error-codes.ts';
import type { Tier } from '../events/keys.ts';
import { keysPaths } from '../routes/keys.ts';
import { keyTexts } from '../texts/keys.ts';
import { serverTexts } from '../texts/servers.ts';
import { answer, withSchemas } from './route-spec.ts';

/** How an access hash stands when someone asks: `code` of the hash check answer. */
export type AccessHashStatus = 'valid' | 'unknown' | 'expired' | 'used';

/** The causes of refused keys a client (the key page, the key bot) branches on: a part of errorCodes. */
export const keyErrorCodes = {
  botNotInServer: errorCodes.botNotInServer,
  unknownKey: errorCodes.unknownKey,
  expiredKey: errorCodes.expiredKey,
  usedKey: errorCodes.usedKey,
  wrongServer: errorCodes.wrongServer,
} as const;

const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]+$/;
/** A key or access hash as the product hands it out: 26 Crockford base32 characters in groups of four. */
export const randomCodePattern = /^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{2}$/;

/**
 * The one spelling of a key or an access hash whose digest is stored: upper case, grouped by
 * four with dashes. People paste keys with spaces, lower case, missing dashes or the letters
 * Crockford base32 reads as digits (O → 0, I/L → 1); all of those still find their key.
 * Anything that cannot be a 26-character code gives null.
 */
export function canonicalCode(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== 26 || !CROCKFORD.test(compact)) return null;
  return compact.match(/.{1,4}/g)!.join('-');
}

/** A server id a visitor's page sends: missing → the route's own text, anything but a snowflake → the format. */
const serverIdFor = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).regex(SNOWFLAKE, serverTexts.badServerId);
const optionalHash = z.string().max(200).nullish();

export const generateHashRequestSchema = z.object({ serverId: serverIdFor(keyTexts.missingServerOrHash) });
export const generateKeyRequestSchema = z.object({ guildId: serverIdFor(keyTexts.noServerForKey), hash: optionalHash });
/**
 * The page load a visit call belongs to: the key page sends the same random id with both of
 * its calls, so that one load is one visit. Without one, every call is a visit of its own.
 */
const pageLoadId = z
  .string({ error: keyTexts.badPageLoadId })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, keyTexts.badPageLoadId)
  .optional();
export const trackVisitorRequestSchema = z.object({ serverId: serverIdFor(keyTexts.noServerId), pageLoadId });
/** Spec §7 sends an empty object; the key page adds its page load and server, so either call can record the load whole. */
export const trackIpVisitRequestSchema = z.object({
  serverId: serverIdFor(keyTexts.noServerId).optional(),
  pageLoadId,
});
/** A link's hash as it arrives in the path: anything that cannot be one is checked as an unknown link. */
export const accessHashParamSchema = z.string().max(200).catch('');

/** POST /api/hash/generate (errors keep the same shape, with `code`). */
export interface GenerateHashResponse {
  success: boolean;
  hash?: string;
  error?: string;
  message?: string;
  code?: string;
}

/** GET /api/hash/check/:hash and /api/hash/validate/:hash. */
export interface HashCheckResponse {
  success: boolean;
  serverId: string | null;
  message: string;
  error: string | null;
  code: AccessHashStatus;
}

export interface GenerateKeyResponse {
  key: string;
  noAds: boolean;
  tier: Tier;
  expiresAt: string;
}

/** POST /api/keys/trackVisitor: the visit is recorded (the key page reads nothing of it). */
export interface TrackVisitorResponse {
  success: true;
}

/** How many page loads of the key pages this address made today (UTC), this one included. */
export interface VisitCountResponse {
  visitCount: number;
}

export interface GenerationCountResponse {
  count: number;
}

export const keysApi = withSchemas(keysPaths, {
  generateHash: {
    summary: "A one-time access link to a server's key page",
    body: generateHashRequestSchema,
    response: answer<GenerateHashResponse>(200, 'GenerateHashResponse { success: true, hash }'),
    rateLimited: true,
  },
  checkHash: {
    summary: 'Whether an access link is valid, expired or used (never consumes it)',
    params: { hash: accessHashParamSchema },
    response: answer<HashCheckResponse>(200, 'HashCheckResponse'),
  },
  validateHash: {
    summary: 'Same as check; called before key generation',
    params: { hash: accessHashParamSchema },
    response: answer<HashCheckResponse>(200, 'HashCheckResponse'),
  },
  generateKey: {
    summary: 'A VIP key for a server (consumes the access hash when one is given)',
    body: generateKeyRequestSchema,
    response: answer<GenerateKeyResponse>(200, 'GenerateKeyResponse { key, noAds, tier, expiresAt }'),
    rateLimited: true,
  },
  trackVisitor: {
    summary: "A visit to a server's key page (the address is stored only as a keyed hash)",
    body: trackVisitorRequestSchema,
    response: answer<TrackVisitorResponse>(200, '{ success: true }'),
    rateLimited: true,
  },
  trackIpVisit: {
    summary: "A visit to the key pages; answers this address's visit count",
    body: trackIpVisitRequestSchema,
    response: answer<VisitCountResponse>(200, 'VisitCountResponse { visitCount }'),
    rateLimited: true,
  },
  generationCount: {
    summary: 'How many keys were ever generated',
    response: answer<GenerationCountResponse>(200, 'GenerationCountResponse { count }'),
  },
});

export { keyTexts };

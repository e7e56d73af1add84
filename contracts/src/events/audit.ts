import { z } from 'zod';

/**
 * Stream `audit-seals`: the log's tamper evidence (issue #15). The projections process hashes
 * every event of the log in order and, every so many events or minutes, writes down the
 * chain's value here. A seal covers the events after the previous seal's `upToPosition` up
 * to its own; its `hash` is SHA-256 over the previous seal's hash and each of those events'
 * digests (platform/src/audit/seal-chain.ts), so it carries all that continuing the chain
 * needs: a restart hashes only what came after the last seal. Seals are events of the log and
 * are hashed like the others by the seal after them: deleting or editing one breaks the chain.
 */
export const sealStreamId = 'audit-seals';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const logSealedSchema = z.object({
  /** The last log position this seal covers. */
  upToPosition: z.number().int().nonnegative(),
  /** The chain's value after that event (64 hexadecimal characters). */
  hash: sha256Hex,
  /** How many events the log held up to `upToPosition`, seals included: a deleted event shows as one fewer. */
  count: z.number().int().nonnegative(),
  /** The hash of the seal this one continues; null for the first. A seal of another chain names one this log never had. */
  previousHash: sha256Hex.nullable(),
  sealedAt: z.string(),
  /** Only in the first seal of a log the operator rewrote (personal data encrypted): what it was rewritten from. */
  rewrittenFrom: z
    .object({
      /**
       * The old log's last seal: its hash, where it lies in the old log, the last position it
       * covers and its count. All null when the old log was never sealed.
       */
      hash: sha256Hex.nullable(),
      sealPosition: z.number().int().nonnegative().nullable(),
      upToPosition: z.number().int().nonnegative().nullable(),
      count: z.number().int().nonnegative().nullable(),
      /** The old log's last position, and how many of its events came after its last seal. */
      headPosition: z.number().int().nonnegative(),
      unsealedEvents: z.number().int().nonnegative(),
      rewrittenAt: z.string(),
      /** Events copied, the old chain's seals left out, personal fields encrypted, streams renamed. */
      events: z.number().int().nonnegative(),
      sealsLeftOut: z.number().int().nonnegative(),
      fieldsEncrypted: z.number().int().nonnegative(),
      streamsRenamed: z.number().int().nonnegative(),
      /** Persons the old log showed erased already: their fields were encrypted with a key thrown away. */
      erasedPersons: z.number().int().nonnegative(),
    })
    .optional(),
});
export type LogSealed = z.infer<typeof logSealedSchema>;

/**
 * Fields the chain hashes as a digest instead of their value, so that an exported range can be
 * checked offline without an argon2 hash ever leaving the product: the export carries
 * `sha256:<hex>` in their place, which is exactly what was hashed. No other field of any
 * event is a secret (keys, access hashes, link codes and addresses are digests already).
 */
export const fieldsSealedAsDigest: Readonly<Record<string, readonly string[]>> = {
  UserRegistered: ['passwordHash'],
  PasswordChanged: ['passwordHash'],
};

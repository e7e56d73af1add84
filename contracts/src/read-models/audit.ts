import type { Actor } from '../events/metadata.ts';

/** The audit trail: one document per event of the log, for auditors and operators. */
export const auditReadModels = {
  /** `_id`: the event's log position (as a string); sorted by `position`. */
  audit: 'audit',
} as const;

/** The projection (checkpoint) name of the audit trail. */
export const auditProjection = 'audit';

/** Who caused an event; `username` is resolved when the actor is a signed-in user or admin. */
export interface AuditActor extends Actor {
  username: string | null;
}

export interface AuditDocument {
  _id: string;
  position: number;
  streamId: string;
  type: string;
  /** The version the event was written in (1 for events written before versions were recorded). */
  schemaVersion: number;
  /** When the log recorded the event (ISO 8601, UTC). */
  time: string;
  actor: AuditActor;
  correlationId: string;
  causationId: string;
  /**
   * The event's data in today's shape, redacted for display: password hashes are replaced by
   * "[redacted]" and digests (of keys, access hashes, addresses) are shortened.
   */
  data: Record<string, unknown>;
  // ── fields the audit queries filter on ──
  /** Servers the event is about (data.guildId / serverId, both sides of a slot change). */
  guildIds: string[];
  /** Users it is about or by: data.userId, data.discordUserId, and the actor's id. */
  userIds: string[];
  /** The full digest of the key it concerns, when it concerns one: the way into a key's life. */
  keyDigest: string | null;
}

/** How many characters of a digest the audit trail shows (48 bits: enough to tell them apart). */
export const AUDIT_DIGEST_CHARS = 12;

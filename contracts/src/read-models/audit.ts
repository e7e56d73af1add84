import type { Actor } from '../events/metadata.ts';

/**
 * The audit trail indexes the log: one small document per event with what the audit screen
 * filters on. The event itself (stream, actor, ids, data) is read from the log by position
 * when a page is shown (ARCHITECTURE.md: the one GET that reads the log).
 */
export const auditReadModels = {
  /** One per event; `_id`: the event's log position, padded (auditDocumentId); sorted by `position`. */
  audit: 'audit',
  /** One per member and server: the keys whose VIP windows are open there, until a removal closes them. */
  openGrants: 'audit_open_grants',
} as const;

/** The projection (checkpoint) name of the audit trail. */
export const auditProjection = 'audit';

/** An audit document's `_id`: the position, zero-padded so ids sort as positions do. */
export const auditDocumentId = (position: number): string => String(position).padStart(15, '0');

/** Who caused an event; `username` is resolved when the actor is a signed-in user or admin. */
export interface AuditActor extends Actor {
  username: string | null;
}

export interface AuditDocument {
  _id: string;
  position: number;
  type: string;
  /** When the log recorded the event (ISO 8601, UTC). */
  time: string;
  /** Servers the event is about (data.guildId / serverId, both sides of a slot change). */
  guildIds: string[];
  /** Users it is about or by: data.userId, data.discordUserId, …, and the actor's id. */
  userIds: string[];
  /**
   * The keys whose life the event belongs to: the key it names, and for a VipRoleRemoved the
   * keys whose VIP window it closed. Absent when none.
   */
  keyDigests?: string[];
}

/** The keys whose VIP windows are open for one member on one server (`_id`: vipRoleId). */
export interface OpenGrantsDocument {
  _id: string;
  keyDigests: string[];
  /** Position of the last grant or removal applied: a redelivered one changes nothing. */
  lastPosition: number;
}

/** How many characters of a digest the audit trail shows (48 bits: enough to tell them apart). */
export const AUDIT_DIGEST_CHARS = 12;

type EventFacts = Record<string, unknown>;
const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The texts among `fields` of `data`, each once, in the order of `fields` (then `also`). */
function idsIn(data: EventFacts, fields: readonly string[], also?: string): string[] {
  const ids: string[] = [];
  for (const field of fields) {
    const value = data[field];
    if (text(value) && !ids.includes(value)) ids.push(value);
  }
  if (text(also) && !ids.includes(also)) ids.push(also);
  return ids;
}

const GUILD_FIELDS = ['guildId', 'serverId', 'oldGuildId', 'newGuildId'];
/** The product user or Discord member an event names, the member who ran a bot command (`…By`), the author. */
const USER_FIELDS = [
  'userId',
  'discordUserId',
  'authorId',
  'chosenBy',
  'setBy',
  'startedBy',
  'stoppedBy',
  'scheduledBy',
  'cancelledBy',
  // a server taken over from an unverified claimer concerns that claimer too
  'previousUserId',
];

/** The servers an event is about: its server, or both sides of a slot change. */
export function guildIdsOf(data: EventFacts): string[] {
  return idsIn(data, GUILD_FIELDS);
}

/** The people an event is about or by: those it names (USER_FIELDS), and whoever caused it. */
export function userIdsOf(data: EventFacts, actor: Actor): string[] {
  return idsIn(data, USER_FIELDS, actor.id);
}

/** The full digest of the key the event names, if any. */
export function keyDigestOf(data: EventFacts): string | null {
  return text(data.keyDigest) ? data.keyDigest : null;
}

import { erasedPerson, eventSchemas } from '../events/index.ts';
import type { Actor } from '../events/metadata.ts';

/**
 * The audit trail indexes the log: one small document per event with what the audit screen
 * filters on. The event itself (stream, actor, ids, data) is read from the log by position
 * when a page is shown (docs/architecture.md: the one GET that reads the log).
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

type FieldsToRead = { guild: readonly string[]; user: readonly string[] };
const fieldsByType = new Map<string, FieldsToRead>();

/** Of GUILD_FIELDS and USER_FIELDS, those events of this type have (parsed data has no others). */
function fieldsOf(type: string | undefined): FieldsToRead {
  const known = type === undefined ? undefined : fieldsByType.get(type);
  if (known) return known;
  const shape =
    type === undefined ? undefined : (eventSchemas as Record<string, EventSchema | undefined>)[type]?.schema.shape;
  const fields = shape
    ? { guild: GUILD_FIELDS.filter((field) => field in shape), user: USER_FIELDS.filter((field) => field in shape) }
    : { guild: GUILD_FIELDS, user: USER_FIELDS };
  if (type !== undefined && shape) fieldsByType.set(type, fields);
  return fields;
}
type EventSchema = { schema: { shape?: Record<string, unknown> } };

/**
 * The servers an event is about: its server, or both sides of a slot change. Given the
 * event's type, only the fields events of that type have are looked at.
 */
export function guildIdsOf(data: EventFacts, type?: string): string[] {
  return idsIn(data, fieldsOf(type).guild);
}

/** The people an event is about or by: those it names (USER_FIELDS), and whoever caused it. */
export function userIdsOf(data: EventFacts, actor: Actor, type?: string): string[] {
  // an erased person is found under no id: their erasure took them out of the live index
  return idsIn(data, fieldsOf(type).user, actor.id).filter((id) => id !== erasedPerson);
}

/** The full digest of the key the event names, if any. */
export function keyDigestOf(data: EventFacts): string | null {
  return text(data.keyDigest) ? data.keyDigest : null;
}

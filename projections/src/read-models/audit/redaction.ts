import { AUDIT_DIGEST_CHARS, type Actor } from '@vip/contracts';

/**
 * What the audit trail shows of an event's data. No secret is in any event (keys, access
 * hashes and addresses are stored only as digests, passwords only as argon2id hashes), but
 * an audit screen is read by people: a password hash is never shown, and digests are cut
 * to a length that tells them apart without handing out the whole value.
 */
const HIDDEN_FIELDS = new Set(['passwordHash']);
const REDACTED = '[redacted]';

const isDigestField = (field: string) => field.endsWith('Digest');
const shorten = (digest: string) =>
  digest.length > AUDIT_DIGEST_CHARS ? `${digest.slice(0, AUDIT_DIGEST_CHARS)}…` : digest;

export function redactEventData(data: unknown): Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  return redactObject(data as Record<string, unknown>);
}

function redactObject(object: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const field in object) {
    const value = object[field];
    if (HIDDEN_FIELDS.has(field)) shown[field] = REDACTED;
    else if (isDigestField(field) && typeof value === 'string') shown[field] = shorten(value);
    else shown[field] = redactValue(value);
  }
  return shown;
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') return redactObject(value as Record<string, unknown>);
  return value;
}

type EventFacts = Record<string, unknown>;
const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The servers an event is about: its server, or both sides of a slot change. */
export function guildIdsOf(data: EventFacts): string[] {
  const ids = [data.guildId, data.serverId, data.oldGuildId, data.newGuildId].filter(text);
  return [...new Set(ids)];
}

/**
 * The people an event is about or by: the product user or Discord member it names, the
 * member who ran a bot command (`…By`), the author, and whoever caused it.
 */
export function userIdsOf(data: EventFacts, actor: Actor): string[] {
  const ids = [
    data.userId,
    data.discordUserId,
    data.authorId,
    data.chosenBy,
    data.setBy,
    data.startedBy,
    data.stoppedBy,
    data.scheduledBy,
    data.cancelledBy,
    actor.id,
  ].filter(text);
  return [...new Set(ids)];
}

/** The full digest of the key the event concerns, if any. */
export function keyDigestOf(data: EventFacts): string | null {
  return text(data.keyDigest) ? data.keyDigest : null;
}

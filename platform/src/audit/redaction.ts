import { AUDIT_DIGEST_CHARS } from '@vip/contracts';

/**
 * What the audit trail and its export show of an event's data. No secret is in any event
 * (keys, access hashes and addresses are stored only as digests, passwords only as argon2id
 * hashes), but an audit screen is read by people: a password hash is never shown, and digests
 * are cut to a length that tells them apart without handing out the whole value.
 */
const HIDDEN_FIELDS = new Set(['passwordHash']);
export const REDACTED = '[redacted]';

const isDigestField = (field: string) => field.endsWith('Digest');
const shorten = (digest: string) =>
  digest.length > AUDIT_DIGEST_CHARS ? `${digest.slice(0, AUDIT_DIGEST_CHARS)}…` : digest;

export interface RedactedData {
  shown: Record<string, unknown>;
  /** Paths of the fields replaced by "[redacted]" (e.g. `passwordHash`). */
  redactedFields: string[];
}

export function redactEventData(data: unknown): RedactedData {
  const redactedFields: string[] = [];
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { shown: {}, redactedFields };
  return { shown: redactObject(data as Record<string, unknown>, '', redactedFields), redactedFields };
}

function redactObject(object: Record<string, unknown>, path: string, redacted: string[]): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const field in object) {
    const value = object[field];
    if (HIDDEN_FIELDS.has(field)) {
      shown[field] = REDACTED;
      redacted.push(`${path}${field}`);
    } else if (isDigestField(field) && typeof value === 'string') shown[field] = shorten(value);
    else shown[field] = redactValue(value, `${path}${field}.`, redacted);
  }
  return shown;
}

function redactValue(value: unknown, path: string, redacted: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, path, redacted));
  if (value !== null && typeof value === 'object')
    return redactObject(value as Record<string, unknown>, path, redacted);
  return value;
}

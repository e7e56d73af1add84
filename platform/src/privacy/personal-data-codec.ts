import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { erasedPerson, type PersonalField, personalFields, personOf } from '@vip/contracts';
import type { PersonEntry } from './personal-keys.ts';

/**
 * How a personal field is stored: `pd1:<pseudonym>:<iv, tag and ciphertext in base64url>`,
 * AES-256-GCM with the person's key, the pseudonym as additional data (a value cannot be moved
 * to another person's name). Fields of events written before this codec hold the plain value
 * and are read as they are.
 */
const PREFIX = 'pd1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Data = Record<string, unknown>;

export function encryptValue(value: string, entry: PersonEntry): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', entry.key, iv);
  cipher.setAAD(Buffer.from(entry.pseudonym));
  const sealed = Buffer.concat([iv, Buffer.alloc(TAG_BYTES), cipher.update(value, 'utf8'), cipher.final()]);
  cipher.getAuthTag().copy(sealed, IV_BYTES);
  return `${PREFIX}${entry.pseudonym}:${sealed.toString('base64url')}`;
}

/** The pseudonym an encrypted value was written under; null for a plain value. */
export function pseudonymOf(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return null;
  const end = value.indexOf(':', PREFIX.length);
  return end < 0 ? null : value.slice(PREFIX.length, end);
}

/** The plain value, or `erasedPerson` when the key is gone. A value that does not open with its key is a broken log: it throws. */
export function decryptValue(value: string, keys: ReadonlyMap<string, Buffer>): string {
  const pseudonym = pseudonymOf(value)!;
  const key = keys.get(pseudonym);
  if (!key) return erasedPerson;
  const sealed = Buffer.from(value.slice(PREFIX.length + pseudonym.length + 1), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(pseudonym));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

const fieldsOf = (type: string): readonly PersonalField[] | undefined => personalFields[type];

/** The persons whose keys an event of this type and data needs to be written. */
export function personsIn(type: string, data: unknown): string[] {
  const fields = fieldsOf(type);
  if (!fields || !isData(data)) return [];
  const persons: string[] = [];
  for (const { field, kind, of } of fields) {
    const id = data[of ?? field];
    if (typeof data[field] === 'string' && typeof id === 'string' && pseudonymOf(id) === null)
      persons.push(personOf(kind, id));
  }
  return persons;
}

/** The event's data with each personal field encrypted with its person's key (a new object; the caller's is left alone). */
export function encryptData(type: string, data: unknown, entries: ReadonlyMap<string, PersonEntry>): unknown {
  const fields = fieldsOf(type);
  if (!fields || !isData(data)) return data;
  const stored: Data = { ...data };
  for (const { field, kind, of } of fields) {
    const value = data[field];
    const id = data[of ?? field];
    if (typeof value !== 'string' || typeof id !== 'string' || pseudonymOf(value) !== null) continue;
    const entry = entries.get(personOf(kind, id));
    if (!entry) throw new Error(`No key for a person of ${type}.${field}`);
    stored[field] = encryptValue(value, entry);
  }
  return stored;
}

/** The pseudonyms whose keys reading this event's data needs. */
export function pseudonymsIn(type: string, data: unknown): string[] {
  const fields = fieldsOf(type);
  if (!fields || !isData(data)) return [];
  const pseudonyms: string[] = [];
  for (const { field } of fields) {
    const pseudonym = pseudonymOf(data[field]);
    if (pseudonym !== null) pseudonyms.push(pseudonym);
  }
  return pseudonyms;
}

/** The event's data with each encrypted field opened (or marked erased); the same object when nothing was encrypted. */
export function decryptData(type: string, data: unknown, keys: ReadonlyMap<string, Buffer>): unknown {
  const fields = fieldsOf(type);
  if (!fields || !isData(data)) return data;
  let plain: Data | undefined;
  for (const { field } of fields) {
    const value = data[field];
    if (pseudonymOf(value) === null) continue;
    plain ??= { ...data };
    plain[field] = decryptValue(value as string, keys);
  }
  return plain ?? data;
}

function isData(data: unknown): data is Data {
  return data !== null && typeof data === 'object';
}

import { randomBytes } from 'node:crypto';

/**
 * The PersonalKeys port: the key store apart from the log (crypto-shredding). One entry per
 * person (`discord:<user id>`): a random AES-256 key and a random pseudonym. The log holds
 * only ciphertext and pseudonyms; forgetting the entry is the erasure, for every copy of the
 * log at once. The store is small (one row per person) and never read whole.
 */
export interface PersonEntry {
  person: string;
  pseudonym: string;
  /** 32 random bytes: the person's AES-256-GCM key. */
  key: Buffer;
}

export interface PersonalKeys {
  readonly adapterName: string;
  /** The entries of these persons, made for those who have none yet. */
  entriesFor(persons: readonly string[]): Promise<Map<string, PersonEntry>>;
  /** The person's entry, or null (never had one, or was erased). */
  find(person: string): Promise<PersonEntry | null>;
  /** The keys of these pseudonyms; an erased (or unknown) pseudonym is absent. */
  keysOf(pseudonyms: readonly string[]): Promise<Map<string, Buffer>>;
  /**
   * Destroys the person's entry so that no byte of it stays in the store's files; false when
   * there was none (already erased, or never known).
   */
  forget(person: string): Promise<boolean>;
  close(): Promise<void>;
}

/** A new person's entry: nothing in it derives from the person. */
export function newPersonEntry(person: string): PersonEntry {
  return { person, pseudonym: randomBytes(12).toString('base64url'), key: randomBytes(32) };
}

/** Entries in this process's memory: unit tests. */
export class MemoryPersonalKeys implements PersonalKeys {
  readonly adapterName = 'memory';
  private readonly byPerson = new Map<string, PersonEntry>();
  private readonly byPseudonym = new Map<string, PersonEntry>();

  async entriesFor(persons: readonly string[]): Promise<Map<string, PersonEntry>> {
    const entries = new Map<string, PersonEntry>();
    for (const person of persons) {
      let entry = this.byPerson.get(person);
      if (!entry) {
        entry = newPersonEntry(person);
        this.byPerson.set(person, entry);
        this.byPseudonym.set(entry.pseudonym, entry);
      }
      entries.set(person, entry);
    }
    return entries;
  }
  async find(person: string): Promise<PersonEntry | null> {
    return this.byPerson.get(person) ?? null;
  }
  async keysOf(pseudonyms: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    for (const pseudonym of pseudonyms) {
      const entry = this.byPseudonym.get(pseudonym);
      if (entry) keys.set(pseudonym, entry.key);
    }
    return keys;
  }
  async forget(person: string): Promise<boolean> {
    const entry = this.byPerson.get(person);
    if (!entry) return false;
    this.byPerson.delete(person);
    this.byPseudonym.delete(entry.pseudonym);
    return true;
  }
  async close(): Promise<void> {}
}

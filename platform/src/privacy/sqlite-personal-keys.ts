import type Database from 'better-sqlite3';
import { openKeyStoreFile } from './key-store-file.ts';
import { newPersonEntry, type PersonalKeys, type PersonEntry } from './personal-keys.ts';

type Row = [person: string, pseudonym: string, key: Buffer];

/**
 * The embedded key store: a SQLite file of its own in DATA_DIR. `secure_delete` overwrites a
 * forgotten entry's bytes with zeros in the file, and the write-ahead log is checkpointed and
 * truncated after each erasure, so no copy of the key stays in a freed page or an old frame.
 */
export class SqlitePersonalKeys implements PersonalKeys {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly statements;

  constructor(filename: string) {
    this.db = openKeyStoreFile(filename);
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS persons (person TEXT PRIMARY KEY, pseudonym TEXT NOT NULL UNIQUE, key BLOB NOT NULL) WITHOUT ROWID',
    );
    const db = this.db;
    this.statements = {
      find: db.prepare<[string], Row>('SELECT person, pseudonym, key FROM persons WHERE person = ?').raw(),
      findMany: db
        .prepare<[string], Row>(
          'SELECT person, pseudonym, key FROM persons WHERE person IN (SELECT value FROM json_each(?))',
        )
        .raw(),
      insert: db.prepare<[string, string, Buffer]>(
        'INSERT INTO persons (person, pseudonym, key) VALUES (?, ?, ?) ON CONFLICT (person) DO NOTHING',
      ),
      keysOf: db
        .prepare<[string], [string, Buffer]>(
          'SELECT pseudonym, key FROM persons WHERE pseudonym IN (SELECT value FROM json_each(?))',
        )
        .raw(),
      forget: db.prepare<[string]>('DELETE FROM persons WHERE person = ?'),
    };
  }

  async entriesFor(persons: readonly string[]): Promise<Map<string, PersonEntry>> {
    const wanted = [...new Set(persons)];
    const entries = new Map<string, PersonEntry>();
    if (wanted.length === 0) return entries;
    const found = () => {
      for (const [person, pseudonym, key] of this.statements.findMany.all(JSON.stringify(wanted)))
        entries.set(person, { person, pseudonym, key });
    };
    // the common case, a person known already, takes no write lock
    found();
    if (entries.size === wanted.length) return entries;
    // another process may make the same person's entry meanwhile: the first one made is kept
    this.db
      .transaction(() => {
        const known = new Set(this.statements.findMany.all(JSON.stringify(wanted)).map(([person]) => person));
        for (const person of wanted) {
          if (known.has(person)) continue;
          const entry = newPersonEntry(person);
          this.statements.insert.run(entry.person, entry.pseudonym, entry.key);
        }
      })
      .immediate();
    found();
    return entries;
  }

  async find(person: string): Promise<PersonEntry | null> {
    const row = this.statements.find.get(person);
    return row ? { person: row[0], pseudonym: row[1], key: row[2] } : null;
  }

  async keysOf(pseudonyms: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    if (pseudonyms.length === 0) return keys;
    for (const [pseudonym, key] of this.statements.keysOf.all(JSON.stringify([...new Set(pseudonyms)])))
      keys.set(pseudonym, key);
    return keys;
  }

  async forget(person: string): Promise<boolean> {
    const { changes } = this.statements.forget.run(person);
    // the deleted row's frames leave the write-ahead log; secure_delete zeroed its page in the file
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return changes > 0;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

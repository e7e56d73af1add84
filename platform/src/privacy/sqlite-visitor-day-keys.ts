import type Database from 'better-sqlite3';
import { openKeyStoreFile } from './key-store-file.ts';
import { newDayKey, type VisitorDayKeys } from './visitor-day-keys.ts';

/**
 * The day keys as a table of the embedded key store (`personal-keys.sqlite`, beside the persons'
 * entries), with the same care: `secure_delete` zeroes a destroyed key's bytes in the file, and
 * the write-ahead log is checkpointed and truncated after each destruction, so no copy of the
 * key stays in a freed page or an old frame.
 */
export class SqliteVisitorDayKeys implements VisitorDayKeys {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly statements;

  constructor(filename: string) {
    this.db = openKeyStoreFile(filename);
    this.db.exec('CREATE TABLE IF NOT EXISTS visitor_days (day TEXT PRIMARY KEY, key BLOB NOT NULL) WITHOUT ROWID');
    this.statements = {
      find: this.db.prepare<[string], { key: Buffer }>('SELECT key FROM visitor_days WHERE day = ?'),
      // another process may make the day's key meanwhile: the first one made is kept
      insert: this.db.prepare<[string, Buffer]>(
        'INSERT INTO visitor_days (day, key) VALUES (?, ?) ON CONFLICT (day) DO NOTHING',
      ),
      forgetBefore: this.db.prepare<[string]>('DELETE FROM visitor_days WHERE day < ?'),
    };
  }

  async keyOf(day: string): Promise<Buffer> {
    const found = this.statements.find.get(day);
    if (found) return found.key;
    this.statements.insert.run(day, newDayKey());
    return this.statements.find.get(day)!.key;
  }

  async find(day: string): Promise<Buffer | null> {
    return this.statements.find.get(day)?.key ?? null;
  }

  async forgetBefore(day: string): Promise<number> {
    const { changes } = this.statements.forgetBefore.run(day);
    // the deleted rows' frames leave the write-ahead log; secure_delete zeroed them in the file
    if (changes > 0) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

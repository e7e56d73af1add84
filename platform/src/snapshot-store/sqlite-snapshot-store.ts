import Database from 'better-sqlite3';
import type { Snapshot, SnapshotStore } from './snapshot-store.ts';

/**
 * Snapshots in a SQLite file of their own in DATA_DIR, shared by every process on it. Not
 * synced: a snapshot lost to a power cut is folded again from the stream.
 */
export class SqliteSnapshotStore implements SnapshotStore {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    this.db = new Database(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = OFF');
    // a snapshot replaced or removed (an erasure) is zeroed where it lay, not left in freed pages
    this.db.pragma('secure_delete = ON');
    this.db.exec(`CREATE TABLE IF NOT EXISTS snapshots (
      key TEXT PRIMARY KEY, covers INTEGER NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL
    ) WITHOUT ROWID`);
    this.statements = {
      load: this.db.prepare<[string], { covers: number; version: number; state: string }>(
        'SELECT covers, version, state FROM snapshots WHERE key = ?',
      ),
      // one statement, so that two processes saving at once keep the one that covers more
      save: this.db.prepare<[string, number, number, string]>(
        `INSERT INTO snapshots (key, covers, version, state) VALUES (?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET covers = excluded.covers, version = excluded.version, state = excluded.state
         WHERE excluded.covers >= snapshots.covers`,
      ),
      remove: this.db.prepare<[string]>('DELETE FROM snapshots WHERE key = ?'),
    };
  }

  async load<State>(key: string): Promise<Snapshot<State> | null> {
    const row = this.statements.load.get(key);
    return row ? { covers: row.covers, version: row.version, state: JSON.parse(row.state) as State } : null;
  }
  async save<State>(key: string, { covers, version, state }: Snapshot<State>): Promise<void> {
    this.statements.save.run(key, covers, version, JSON.stringify(state));
  }
  async remove(key: string): Promise<void> {
    this.statements.remove.run(key);
  }
  async truncateWriteAheadLog(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }
  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

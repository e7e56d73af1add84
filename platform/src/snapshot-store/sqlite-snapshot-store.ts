import Database from 'better-sqlite3';
import type { Snapshot, SnapshotStore, StoredSnapshot } from './snapshot-store.ts';

interface SnapshotRow {
  covers: number;
  version: number;
  state: string;
  signature: string | null;
}

/** Snapshots an auditor's walk reads at once. */
const ENTRIES_PAGE = 100;

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
      key TEXT PRIMARY KEY, covers INTEGER NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL, signature TEXT
    ) WITHOUT ROWID`);
    this.addSignatureColumn();
    this.statements = {
      load: this.db.prepare<[string], SnapshotRow>(
        'SELECT covers, version, state, signature FROM snapshots WHERE key = ?',
      ),
      // one statement, so that two processes saving at once keep the one that covers more
      save: this.db.prepare<[string, number, number, string, string | null]>(
        `INSERT INTO snapshots (key, covers, version, state, signature) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET covers = excluded.covers, version = excluded.version,
           state = excluded.state, signature = excluded.signature
         WHERE excluded.covers >= snapshots.covers`,
      ),
      remove: this.db.prepare<[string]>('DELETE FROM snapshots WHERE key = ?'),
      page: this.db.prepare<[string, number], SnapshotRow & { key: string }>(
        'SELECT key, covers, version, state, signature FROM snapshots WHERE key > ? ORDER BY key LIMIT ?',
      ),
    };
  }

  /** A file written before snapshots were signed has no column for it; two processes may add it at once. */
  private addSignatureColumn(): void {
    const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(snapshots)').all();
    if (columns.some((column) => column.name === 'signature')) return;
    try {
      this.db.exec('ALTER TABLE snapshots ADD COLUMN signature TEXT');
    } catch (error) {
      if (!/duplicate column/i.test(String(error))) throw error;
    }
  }

  async load<State>(key: string): Promise<Snapshot<State> | null> {
    const row = this.statements.load.get(key);
    return row ? snapshotOf<State>(row) : null;
  }
  async save<State>(key: string, { covers, version, state, signature }: Snapshot<State>): Promise<void> {
    this.statements.save.run(key, covers, version, JSON.stringify(state), signature ?? null);
  }
  async remove(key: string): Promise<void> {
    this.statements.remove.run(key);
  }
  async truncateWriteAheadLog(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }
  async *entries(): AsyncIterable<StoredSnapshot> {
    // by pages: no statement stays open across the caller's awaits
    for (let after = ''; ; ) {
      const rows = this.statements.page.all(after, ENTRIES_PAGE);
      for (const row of rows) yield { key: row.key, snapshot: snapshotOf(row) };
      if (rows.length < ENTRIES_PAGE) return;
      after = rows[rows.length - 1].key;
    }
  }
  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function snapshotOf<State>(row: SnapshotRow): Snapshot<State> {
  const snapshot: Snapshot<State> = { covers: row.covers, version: row.version, state: JSON.parse(row.state) as State };
  if (row.signature !== null) snapshot.signature = row.signature;
  return snapshot;
}

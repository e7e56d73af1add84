/**
 * The embedded ReadStore: documents as JSON rows in one SQLite file, MongoDB filter and
 * update semantics (mingo where plain JavaScript does not reach). Documents stay on disk:
 * memory holds a cache of recently used ones bounded in bytes (READ_STORE_CACHE_MB), so it
 * follows the live data, never the log's length (issue #18). The indexes the projectors
 * declare are SQLite tables (sqlite-indexes.ts) that finds use (sqlite-query.ts).
 *
 * Inside transaction() (the projection runner's batch) every write goes to SQLite within one
 * open transaction, which commits or rolls back whole; the runner's DocumentBatch already
 * writes each document once per batch. Outside it each write is a transaction of its own.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Collection, Document, Filter, FindOptions, IndexSpec, LooseDocument, ReadStore } from './read-store.ts';
import { type RowsOwner, SqliteCollection } from './sqlite-collection.ts';
import { planQuery } from './sqlite-query.ts';
import { DocumentRows } from './sqlite-rows.ts';

/** WAL size at which a commit copies the WAL into the database file. */
const WAL_CHECKPOINT_BYTES = 40 * 1024 * 1024;
/** SQLite's own page cache: the hot pages of the indexes a batch writes stay in memory. */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;
/** The document cache's bound when none is given (READ_STORE_CACHE_MB's default). */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

export interface SqliteReadStoreOptions {
  /** Bytes of document text kept in memory at most (approximately: text and per-entry overhead). */
  cacheBytes?: number;
}

export class SqliteReadStore implements ReadStore, RowsOwner {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly rows: DocumentRows;
  private readonly handles = new Map<string, SqliteCollection<LooseDocument>>();
  private readonly writeImmediately: Database.Transaction<(work: () => unknown) => unknown>;
  private readonly dataVersionStatement: Database.Statement;
  private dataVersion: number;
  private lastFreshnessCheck = -Infinity;
  private transactionOpen = false;
  /** A write inside the transaction failed after changing something: it can only roll back. */
  private transactionBroken = false;

  constructor(path: string, options: SqliteReadStoreOptions = {}) {
    this.db = new Database(path);
    // A new file gets 16 KiB pages: documents of a few hundred bytes (the audit trail's) pack
    // better and a batch dirties fewer pages, which made rebuilds ~15% faster. A file that
    // exists keeps the page size it was created with.
    this.db.pragma('page_size = 16384');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    // an erased person's documents are zeroed where they lay, not left in freed pages
    this.db.pragma('secure_delete = ON');
    // Read models can be rebuilt from the event log, so losing the last commits on power
    // loss is acceptable; WAL with NORMAL still never corrupts the file.
    this.db.pragma('synchronous = NORMAL');
    // Only checkpoints write the file and fsync in this mode. Every ~40 MB of WAL instead of
    // every 1,000 pages: the projections commit small batches all day long, each rewriting a
    // few hot pages (counters, checkpoints), which a checkpoint then copies once, not each time.
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    this.db.pragma(`wal_autocheckpoint = ${Math.round(WAL_CHECKPOINT_BYTES / pageSize)}`);
    this.db.pragma(`cache_size = -${PAGE_CACHE_BYTES / 1024}`);
    this.db.exec(`CREATE TABLE IF NOT EXISTS docs (
      collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL,
      PRIMARY KEY (collection, id))`);
    this.rows = new DocumentRows(this.db, options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    this.writeImmediately = this.db.transaction((work: () => unknown) => work());
    this.dataVersionStatement = this.db.prepare('PRAGMA data_version').pluck();
    this.dataVersion = this.dataVersionStatement.get() as number;
  }

  collection<T extends Document = LooseDocument>(name: string): Collection<T> {
    let handle = this.handles.get(name);
    if (!handle) this.handles.set(name, (handle = new SqliteCollection(this, name)));
    return handle as unknown as Collection<T>;
  }

  async listCollections(): Promise<string[]> {
    return this.reading().names();
  }

  async dropCollection(name: string): Promise<void> {
    this.write((rows) => rows.removeAll(name, true));
  }

  /** Builds each missing index as a table of entries, over the documents already there. */
  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length > 0) this.write((rows) => rows.ensureIndexes(collection, indexes));
  }

  async transaction<R>(work: () => Promise<R>): Promise<R> {
    if (this.transactionOpen) {
      throw new Error('SqliteReadStore.transaction: calls must not overlap (one projection runner)');
    }
    this.transactionOpen = true;
    this.transactionBroken = false;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      // While we hold the write lock no other connection can commit, so one check is enough.
      this.forgetIfChangedElsewhere(true);
      const result = await work();
      if (this.transactionBroken)
        throw new Error('SqliteReadStore.transaction: a write failed part-way; the batch is rolled back');
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // the cache may hold the rolled-back writes
      this.rows.forgetAll();
      throw error;
    } finally {
      this.transactionOpen = false;
    }
  }

  async truncateWriteAheadLog(): Promise<void> {
    if (this.db.memory) return;
    // a batch being applied holds the write: the checkpoint waits for its commit
    while (this.transactionOpen) await new Promise((resolve) => setImmediate(resolve));
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    this.rows.forgetAll();
    if (this.db.open) this.db.close();
  }

  /** Closes the store and deletes its file, with the WAL and shared-memory files beside it. */
  async destroy(): Promise<void> {
    const file = this.db.name;
    await this.close();
    if (this.db.memory || file === '') return;
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }

  /** Bytes the document cache holds now (embedded only: for tests and benchmarks). */
  cachedBytes(): number {
    return this.rows.cache.cachedBytes();
  }

  /** Documents the cache holds now (embedded only). */
  cachedDocuments(): number {
    return this.rows.cache.cachedDocuments();
  }

  /** The index a find would use ('_id', an index's name, or 'none') and SQLite's plan for it (embedded only). */
  explain(collection: string, filter: Filter, options: FindOptions = {}): { index: string; steps: string[] } {
    const rows = this.reading();
    const plan = planQuery(collection, rows.indexes.of(collection), filter, options.sort, Boolean(options.limit));
    return { index: plan.index, steps: rows.explain(plan) };
  }

  reading(): DocumentRows {
    if (!this.transactionOpen) this.forgetIfChangedElsewhere(false);
    return this.rows;
  }

  /**
   * Runs a synchronous write under an IMMEDIATE transaction (inside transaction(): within
   * it), so the freshness check and the write see the same file: while we hold the write lock
   * no other connection can commit. On failure SQLite has undone the rows; what the cache and
   * the index list remember of them is dropped.
   */
  write<R>(work: (rows: DocumentRows) => R): R {
    const before = this.rows.changes;
    if (this.transactionOpen) {
      // no savepoint per write: a write that fails after changing something cannot be undone
      // alone, so it takes the whole transaction down with it
      try {
        const result = work(this.rows);
        this.rows.finishWrite();
        return result;
      } catch (error) {
        if (this.rows.changes !== before) this.transactionBroken = true;
        throw error;
      }
    }
    try {
      return this.writeImmediately.immediate(() => {
        this.forgetIfChangedElsewhere(true);
        const result = work(this.rows);
        this.rows.finishWrite();
        return result;
      }) as R;
    } catch (error) {
      if (this.rows.changes !== before) this.rows.forgetAll();
      throw error;
    }
  }

  /**
   * Forgets what is remembered when another connection committed (data_version moves only
   * then). Reads ask SQLite at most once a millisecond (the query dominated hot GETs): another
   * process's commit is seen within 1 ms, which no reader can tell from ordinary projection
   * lag. Writes always ask.
   */
  private forgetIfChangedElsewhere(always: boolean): void {
    const now = performance.now();
    if (!always && now - this.lastFreshnessCheck < 1) return;
    this.lastFreshnessCheck = now;
    const version = this.dataVersionStatement.get() as number;
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.rows.forgetAll();
    }
  }
}

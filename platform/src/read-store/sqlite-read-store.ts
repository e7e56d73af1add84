/**
 * The embedded ReadStore: documents as JSON rows in one SQLite file, MongoDB filter and
 * update semantics from mingo. Each collection is cached in memory (id → document) on first
 * use, so a GET by _id is a Map lookup and a JSON.parse. Outside a transaction every write
 * goes through to SQLite at once; inside one (the projection runner's batch) writes land in
 * the cache and reach SQLite once per document at commit, so a counter bumped by every event
 * of a batch costs one row write, not hundreds.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Collection, Document, IndexSpec, LooseDocument, ReadStore } from './read-store.ts';
import { SqliteCollection, type DocumentCache, type Documents } from './sqlite-collection.ts';

/** WAL size at which a commit copies the WAL into the database file. */
const WAL_CHECKPOINT_BYTES = 40 * 1024 * 1024;
/** Rows per multi-row INSERT when a transaction is flushed. */
const SAVE_CHUNK = 256;
/** What a transaction still owes SQLite for one document: its row saved, removed, or removed and inserted anew. */
type PendingWrite = 'save' | 'remove' | 'reinsert';

export class SqliteReadStore implements ReadStore, DocumentCache {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly caches = new Map<string, Documents>();
  private readonly handles = new Map<string, SqliteCollection<LooseDocument>>();
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly writeImmediately: Database.Transaction<(work: () => unknown) => unknown>;
  private dataVersion: number;
  private lastFreshnessCheck = -Infinity;
  private transactionOpen = false;
  /** Writes the open transaction has made to the caches only, per collection, in the order SQLite must see them. */
  private readonly pending = new Map<string, Map<string, PendingWrite>>();
  /** A write inside the transaction failed after touching the caches: it can only roll back. */
  private transactionBroken = false;
  /** Counts cache mutations, so a failed write drops the caches only if it touched them. */
  private mutations = 0;
  /** The parameters of one multi-row INSERT, reused by every flush. */
  private readonly chunkParameters: string[] = new Array(3 * SAVE_CHUNK);

  constructor(path: string) {
    this.db = new Database(path);
    // A new file gets 16 KiB pages: documents of a few hundred bytes (the audit trail's) pack
    // better and a batch dirties fewer pages, which made rebuilds ~15% faster. A file that
    // exists keeps the page size it was created with.
    this.db.pragma('page_size = 16384');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    // Read models can be rebuilt from the event log, so losing the last commits on power
    // loss is acceptable; WAL with NORMAL still never corrupts the file.
    this.db.pragma('synchronous = NORMAL');
    // Only checkpoints write the file and fsync in this mode. Every ~40 MB of WAL instead of
    // every 1,000 pages: the projections commit small batches all day long, each rewriting a
    // few hot pages (counters, checkpoints), which a checkpoint then copies once, not each time.
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    this.db.pragma(`wal_autocheckpoint = ${Math.round(WAL_CHECKPOINT_BYTES / pageSize)}`);
    this.db.exec(`CREATE TABLE IF NOT EXISTS docs (
      collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL,
      PRIMARY KEY (collection, id))`);
    this.statements = prepareStatements(this.db);
    this.writeImmediately = this.db.transaction((work: () => unknown) => work());
    this.dataVersion = this.statements.dataVersion.get() as number;
  }

  collection<T extends Document = LooseDocument>(name: string): Collection<T> {
    let handle = this.handles.get(name);
    if (!handle) this.handles.set(name, (handle = new SqliteCollection(this, name)));
    return handle as unknown as Collection<T>;
  }

  async listCollections(): Promise<string[]> {
    return this.statements.names.all() as string[];
  }
  async dropCollection(name: string): Promise<void> {
    this.write(() => this.removeAll(name));
  }

  /** Queries run over the in-memory copy of a collection: there is no index to build. */
  async ensureIndexes(_collection: string, _indexes: readonly IndexSpec[]): Promise<void> {}

  async transaction<R>(work: () => Promise<R>): Promise<R> {
    if (this.transactionOpen) {
      throw new Error('SqliteReadStore.transaction: calls must not overlap (one projection runner)');
    }
    this.transactionOpen = true;
    this.transactionBroken = false;
    this.pending.clear();
    try {
      this.db.exec('BEGIN IMMEDIATE');
      // While we hold the write lock no other connection can commit, so one check is enough.
      this.forgetIfChangedElsewhere(true);
      const result = await work();
      if (this.transactionBroken)
        throw new Error('SqliteReadStore.transaction: a write failed part-way; the batch is rolled back');
      this.flushPending();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // The caches hold the rolled-back writes; reloading from the file is the simple truth.
      this.caches.clear();
      throw error;
    } finally {
      this.pending.clear();
      this.transactionOpen = false;
    }
  }

  /**
   * Writes what the transaction changed, once per document: a removal at once, saves
   * SAVE_CHUNK rows per statement (SQLite then spends a third less CPU per row than with one
   * row per statement), gathered in one reused array. Rows of different documents are independent.
   */
  private flushPending(): void {
    const parameters = this.chunkParameters;
    let filled = 0;
    // forEach: iterating [key, value] entries would allocate a pair per document
    this.pending.forEach((writes, name) => {
      const documents = this.caches.get(name);
      writes.forEach((write, id) => {
        if (write !== 'save') this.statements.remove.run(name, id);
        const entry = write === 'remove' ? undefined : documents?.get(id);
        if (!entry) return;
        parameters[filled++] = name;
        parameters[filled++] = id;
        parameters[filled++] = entry.json;
        if (filled === parameters.length) {
          this.statements.saveChunk.run(parameters);
          filled = 0;
        }
      });
    });
    for (let at = 0; at < filled; at += 3)
      this.statements.save.run(parameters[at], parameters[at + 1], parameters[at + 2]);
    this.pending.clear();
  }

  private pendingOf(name: string): Map<string, PendingWrite> {
    let writes = this.pending.get(name);
    if (!writes) this.pending.set(name, (writes = new Map()));
    return writes;
  }

  async close(): Promise<void> {
    this.caches.clear();
    if (this.db.open) this.db.close();
  }

  /** Closes the store and deletes its file, with the WAL and shared-memory files beside it. */
  async destroy(): Promise<void> {
    const file = this.db.name;
    await this.close();
    if (this.db.memory || file === '') return;
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }

  /** The cached documents of a collection, reloaded if another connection committed since. */
  documentsOf(name: string, checkFreshness = true): Documents {
    if (checkFreshness && !this.transactionOpen) this.forgetIfChangedElsewhere(false);
    let documents = this.caches.get(name);
    if (!documents) {
      documents = new Map();
      for (const row of this.statements.load.all(name) as { id: string; doc: string }[]) {
        documents.set(row.id, { json: row.doc });
      }
      this.caches.set(name, documents);
    }
    return documents;
  }

  /**
   * Runs a synchronous write under an IMMEDIATE transaction (a savepoint inside transaction()),
   * so the freshness check and the write see the same file: while we hold the write lock no
   * other connection can commit. On failure SQLite has undone the rows; the caches may hold
   * part of the work, so they are dropped.
   */
  write<R>(work: () => R): R {
    const before = this.mutations;
    if (this.transactionOpen) {
      // inside transaction(): no savepoint per write; a write that fails after touching the
      // caches cannot be undone alone, so it takes the whole transaction down with it
      try {
        return work();
      } catch (error) {
        if (this.mutations !== before) this.transactionBroken = true;
        throw error;
      }
    }
    try {
      return this.writeImmediately.immediate(() => {
        this.forgetIfChangedElsewhere(true);
        return work();
      }) as R;
    } catch (error) {
      if (this.mutations !== before) this.caches.clear();
      throw error;
    }
  }

  /** `json` may be passed when the caller has just serialized the document. */
  save(name: string, document: Document, json = JSON.stringify(document)): void {
    const documents = this.documentsOf(name, false);
    if (this.transactionOpen) {
      const writes = this.pendingOf(name);
      const before = writes.get(document._id);
      // removed earlier in this transaction: the row goes and comes back at the end, as the cache has it
      if (before === 'remove' || before === 'reinsert') {
        writes.delete(document._id);
        writes.set(document._id, 'reinsert');
      } else if (before === undefined) {
        writes.set(document._id, 'save');
      }
    } else {
      this.statements.save.run(name, document._id, json);
    }
    // Only the text is kept: a later parse of it equals what a reload would give (no Dates,
    // no undefined, no references shared with the caller).
    documents.set(document._id, { json });
    this.mutations++;
  }
  remove(name: string, id: string): void {
    if (this.transactionOpen) {
      const writes = this.pendingOf(name);
      writes.delete(id);
      writes.set(id, 'remove');
    } else {
      this.statements.remove.run(name, id);
    }
    this.documentsOf(name, false).delete(id);
    this.mutations++;
  }
  removeAll(name: string): number {
    // inside a transaction the cache, not the file, holds the current documents
    const count = this.transactionOpen ? this.documentsOf(name, false).size : undefined;
    const { changes } = this.statements.removeAll.run(name);
    // writes this transaction still owed the collection go with it
    this.pending.delete(name);
    this.caches.set(name, new Map());
    this.mutations++;
    return count ?? changes;
  }

  /** data_version moves only when ANOTHER connection committed to the file. */
  /**
   * Drops the caches when another connection committed. Reads ask SQLite at most once a
   * millisecond (the query dominated hot GETs): another process's commit is seen within
   * 1 ms, which no reader can tell from ordinary projection lag. Writes always ask.
   */
  private forgetIfChangedElsewhere(always: boolean): void {
    const now = performance.now();
    if (!always && now - this.lastFreshnessCheck < 1) return;
    this.lastFreshnessCheck = now;
    const version = this.statements.dataVersion.get() as number;
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.caches.clear();
    }
  }
}

function prepareStatements(db: Database.Database) {
  return {
    // ON CONFLICT ... DO UPDATE keeps the rowid, so loading by rowid keeps insertion order.
    save: db.prepare(`INSERT INTO docs (collection, id, doc) VALUES (?, ?, ?)
      ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`),
    saveChunk:
      db.prepare(`INSERT INTO docs (collection, id, doc) VALUES ${Array(SAVE_CHUNK).fill('(?, ?, ?)').join(', ')}
      ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`),
    remove: db.prepare('DELETE FROM docs WHERE collection = ? AND id = ?'),
    removeAll: db.prepare('DELETE FROM docs WHERE collection = ?'),
    load: db.prepare('SELECT id, doc FROM docs WHERE collection = ? ORDER BY rowid'),
    names: db.prepare('SELECT DISTINCT collection FROM docs ORDER BY collection').pluck(),
    dataVersion: db.prepare('PRAGMA data_version').pluck(),
  };
}

/**
 * The rows of the embedded read store: each document as JSON text in SQLite, the bounded
 * cache in front of them, and the declared indexes kept in step with every write. The
 * collections (sqlite-collection.ts) read and write through this; the store
 * (sqlite-read-store.ts) decides the transactions around it.
 */
import type Database from 'better-sqlite3';
import { DocumentCache } from './document-cache.ts';
import { type Document, DuplicateKeyError, type IndexSpec } from './read-store.ts';
import { type DeclaredIndex, SqliteIndexes } from './sqlite-indexes.ts';
import type { QueryPlan, StoredRow } from './sqlite-query.ts';

/** Rows per multi-row upsert: SQLite then spends a third less CPU per row than with one row per statement. */
const UPSERT_CHUNK = 256;
/** Query shapes kept prepared; past this the cache starts again. */
const PREPARED_MAX = 500;

export class DocumentRows {
  readonly cache: DocumentCache;
  readonly indexes: SqliteIndexes;
  /** Counts writes (to SQLite or to the cache): a failed write that counted none changed nothing. */
  changes = 0;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly prepared = new Map<string, Database.Statement>();
  /** Documents per collection, where known. */
  private readonly counts = new Map<string, number>();
  private readonly upsertParameters: unknown[] = new Array(3 * UPSERT_CHUNK);

  constructor(
    private readonly db: Database.Database,
    cacheBytes: number,
  ) {
    this.cache = new DocumentCache(cacheBytes);
    this.indexes = new SqliteIndexes(db);
    this.statements = prepareStatements(db);
  }

  /** Another connection committed, or a transaction rolled back: nothing remembered holds. */
  forgetAll(): void {
    this.cache.clear();
    this.indexes.forget();
    this.counts.clear();
  }

  /** A document's JSON text, or null when absent: the hot path of a GET by _id. */
  json(collection: string, id: string): string | null {
    const cached = this.cache.get(collection, id);
    if (cached) return cached.json;
    if (this.cache.holdsWhole(collection)) return null;
    return this.load(collection, id)?.json ?? null;
  }

  /** A document's row, or null when absent; its rowid is read from SQLite when the cache lacks it. */
  row(collection: string, id: string): StoredRow | null {
    const cached = this.cache.get(collection, id);
    if (cached?.json === null) return null;
    if (cached && cached.rowid > 0) return { rowid: cached.rowid, id, json: cached.json };
    if (!cached && this.cache.holdsWhole(collection)) return null;
    return this.load(collection, id);
  }

  private load(collection: string, id: string): StoredRow | null {
    const found = this.statements.get.get(collection, id) as [number, string] | undefined;
    this.cache.set(collection, id, found ? found[1] : null, found ? found[0] : 0);
    return found ? { rowid: found[0], id, json: found[1] } : null;
  }

  /**
   * Runs a read with the collection's indexes, and once more with them read anew when another
   * process dropped one of them in between (a rebuild there; noticed here within a millisecond).
   */
  withIndexes<R>(collection: string, read: (indexes: readonly DeclaredIndex[]) => R): R {
    try {
      return read(this.indexes.of(collection));
    } catch (error) {
      if (!/no such table: read_store_index_/.test((error as Error).message)) throw error;
      this.forgetAll();
      return read(this.indexes.of(collection));
    }
  }

  /** The rows a plan names, streamed: [rowid, id, json]. */
  rows(plan: QueryPlan): IterableIterator<unknown[]> {
    return this.statement(plan.sql).iterate(...plan.params) as IterableIterator<unknown[]>;
  }

  /** What SQLite says it does for a plan (EXPLAIN QUERY PLAN), one line per step. */
  explain(plan: QueryPlan): string[] {
    const steps = this.db.prepare(`EXPLAIN QUERY PLAN ${plan.sql}`).all(...plan.params) as { detail: string }[];
    return steps.map((step) => step.detail);
  }

  count(collection: string): number {
    let count = this.counts.get(collection);
    if (count === undefined) this.counts.set(collection, (count = this.statements.count.get(collection) as number));
    return count;
  }

  /** Names of the collections holding a document, without reading every row. */
  names(): string[] {
    return this.statements.names.all() as string[];
  }

  insert(collection: string, doc: Document, json: string): void {
    let rowid: number;
    try {
      rowid = Number(this.statements.insert.run(collection, doc._id, json).lastInsertRowid);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new DuplicateKeyError(collection, doc._id);
      throw error;
    }
    this.changes++;
    this.indexes.added(collection, doc);
    this.cache.set(collection, doc._id, json, rowid);
    this.counted(collection, 1);
  }

  /** Replaces a stored document (from row(), or from a query) with `doc`, serialized as `json`. */
  replace(collection: string, row: StoredRow, doc: Document, json: string): void {
    const indexed = this.indexes.of(collection).length > 0;
    if (indexed && row.rowid === 0) row = this.load(collection, row.id)!;
    if (row.rowid > 0) this.statements.updateRow.run(json, row.rowid);
    else this.statements.updateById.run(json, collection, row.id);
    this.changes++;
    if (indexed) this.indexes.changed(collection, row.rowid, row.json, JSON.parse(row.json) as Document, doc);
    this.cache.set(collection, row.id, json, row.rowid);
  }

  remove(collection: string, row: StoredRow): void {
    const indexed = this.indexes.of(collection).length > 0;
    if (indexed && row.rowid === 0) row = this.load(collection, row.id)!;
    if (indexed) this.indexes.removed(collection, row.rowid, row.id, row.json);
    if (row.rowid > 0) this.statements.removeRow.run(row.rowid);
    else this.statements.removeById.run(collection, row.id);
    this.changes++;
    this.cache.set(collection, row.id, null, 0);
    this.counted(collection, -1);
  }

  /** Empties a collection; `drop` removes its indexes too. Returns how many documents it held. */
  removeAll(collection: string, drop: boolean): number {
    const { changes } = this.statements.removeAll.run(collection);
    this.changes++;
    if (drop) this.indexes.drop(collection);
    else this.indexes.empty(collection);
    this.cache.emptied(collection);
    this.counts.set(collection, 0);
    return changes;
  }

  /**
   * Puts whole documents in place by their _id (the projections' flush); `upsert` inserts the
   * missing ones. A document the cache shows unchanged is not written. In a collection without
   * indexes the rest are upserted UPSERT_CHUNK to a statement, without reading them first.
   */
  putAll(collection: string, docs: readonly Document[], upsert: boolean): void {
    if (this.indexes.of(collection).length > 0) {
      this.putAllIndexed(collection, docs, upsert);
      return;
    }
    const parameters = this.upsertParameters;
    const inChunk = new Set<string>();
    let filled = 0;
    const flush = () => {
      if (filled === parameters.length) this.statements.upsertChunk.run(parameters);
      else for (let i = 0; i < filled; i += 3) this.statements.upsert.run(parameters.slice(i, i + 3));
      this.changes++;
      filled = 0;
      inChunk.clear();
    };
    let written = false;
    for (const doc of docs) {
      const json = JSON.stringify(doc);
      const cached = this.cache.get(collection, doc._id);
      if (cached?.json === json) continue;
      const absent = cached ? cached.json === null : this.cache.holdsWhole(collection);
      if (!upsert) {
        if (absent) continue;
        if (this.statements.updateById.run(json, collection, doc._id).changes > 0) {
          this.changes++;
          this.cache.set(collection, doc._id, json, cached?.rowid ?? 0);
        }
        continue;
      }
      if (inChunk.has(doc._id)) flush(); // one statement may not write a row twice
      inChunk.add(doc._id);
      parameters[filled++] = collection;
      parameters[filled++] = doc._id;
      parameters[filled++] = json;
      // before the row is written: a failure drops the cache, which this count tells
      this.changes++;
      this.cache.set(collection, doc._id, json, cached?.rowid ?? 0);
      written = true;
      if (filled === parameters.length) flush();
    }
    if (filled > 0) flush();
    if (written) this.counts.delete(collection);
  }

  /**
   * putAll in a collection with indexes: each stored document is read first (from the cache
   * when it knows), as its entries move where its keys did; new ones are inserted many to a
   * statement, and SQLite makes their entries at the end of the write.
   */
  private putAllIndexed(collection: string, docs: readonly Document[], upsert: boolean): void {
    let fresh: { doc: Document; json: string }[] = [];
    const freshIds = new Set<string>();
    const insertFresh = () => {
      this.insertAll(collection, fresh);
      fresh = [];
      freshIds.clear();
    };
    for (const doc of docs) {
      const json = JSON.stringify(doc);
      if (freshIds.has(doc._id)) insertFresh();
      const row = this.row(collection, doc._id);
      if (!row) {
        if (!upsert) continue;
        fresh.push({ doc, json });
        freshIds.add(doc._id);
        if (fresh.length === UPSERT_CHUNK) insertFresh();
      } else if (row.json !== json) this.replace(collection, row, doc, json);
    }
    if (fresh.length > 0) insertFresh();
  }

  /** Inserts new documents many to a statement (their rowids are not learnt: 0 in the cache). */
  private insertAll(collection: string, docs: readonly { doc: Document; json: string }[]): void {
    if (docs.length < UPSERT_CHUNK) {
      for (const { doc, json } of docs) this.insert(collection, doc, json);
      return;
    }
    const parameters = this.upsertParameters;
    docs.forEach(({ doc, json }, i) => {
      parameters[3 * i] = collection;
      parameters[3 * i + 1] = doc._id;
      parameters[3 * i + 2] = json;
    });
    this.statements.insertChunk.run(parameters);
    this.changes++;
    for (const { doc, json } of docs) {
      this.indexes.added(collection, doc);
      this.cache.set(collection, doc._id, json, 0);
    }
    this.counted(collection, docs.length);
  }

  /** Ends a write: the index entries it gathered are inserted. */
  finishWrite(): void {
    this.indexes.flush();
  }

  /** Builds the declared indexes a collection lacks, over the documents it already holds. */
  ensureIndexes(collection: string, specs: readonly IndexSpec[]): void {
    this.indexes.ensure(collection, specs);
    this.changes++;
  }

  private counted(collection: string, change: number): void {
    const count = this.counts.get(collection);
    if (count !== undefined) this.counts.set(collection, count + change);
  }

  private statement(sql: string): Database.Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      if (this.prepared.size >= PREPARED_MAX) this.prepared.clear();
      statement = this.db.prepare(sql).raw();
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}

function prepareStatements(db: Database.Database) {
  // (collection, rowid): a collection's documents in insertion order without sorting them,
  // and its size without reading them
  db.exec('CREATE INDEX IF NOT EXISTS docs_in_order ON docs (collection)');
  const upsert = 'ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc';
  return {
    get: db.prepare('SELECT rowid, doc FROM docs WHERE collection = ? AND id = ?').raw(),
    insert: db.prepare('INSERT INTO docs (collection, id, doc) VALUES (?, ?, ?)'),
    // ON CONFLICT ... DO UPDATE keeps the rowid, so a document keeps its place in insertion order
    upsert: db.prepare(`INSERT INTO docs (collection, id, doc) VALUES (?, ?, ?) ${upsert}`),
    insertChunk: db.prepare(
      `INSERT INTO docs (collection, id, doc) VALUES ${Array(UPSERT_CHUNK).fill('(?, ?, ?)').join(', ')}`,
    ),
    upsertChunk: db.prepare(
      `INSERT INTO docs (collection, id, doc) VALUES ${Array(UPSERT_CHUNK).fill('(?, ?, ?)').join(', ')} ${upsert}`,
    ),
    updateRow: db.prepare('UPDATE docs SET doc = ? WHERE rowid = ?'),
    updateById: db.prepare('UPDATE docs SET doc = ? WHERE collection = ? AND id = ?'),
    removeRow: db.prepare('DELETE FROM docs WHERE rowid = ?'),
    removeById: db.prepare('DELETE FROM docs WHERE collection = ? AND id = ?'),
    removeAll: db.prepare('DELETE FROM docs WHERE collection = ?'),
    count: db.prepare('SELECT count(*) FROM docs WHERE collection = ?').pluck(),
    // one index step per collection, not one row read per document
    names: db
      .prepare(
        `WITH RECURSIVE names (name) AS (
          SELECT min(collection) FROM docs
          UNION ALL
          SELECT (SELECT min(collection) FROM docs WHERE collection > name) FROM names WHERE name IS NOT NULL)
        SELECT name FROM names WHERE name IS NOT NULL`,
      )
      .pluck(),
  };
}

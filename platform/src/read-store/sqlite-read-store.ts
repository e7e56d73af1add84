/**
 * The embedded ReadStore: documents as JSON rows in one SQLite file, MongoDB filter and
 * update semantics from mingo. Each collection is cached in memory (id → document) on first
 * use, so a GET by _id is a Map lookup and a JSON.parse. Outside a transaction every write
 * goes through to SQLite at once; inside one (the projection runner's batch) writes land in
 * the cache and reach SQLite once per document at commit, so a counter bumped by every event
 * of a batch costs one row write, not hundreds.
 */
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { Query, update as applyOperators } from 'mingo';
import { plainSelect } from './plain-query.ts';
import {
  DuplicateKeyError,
  type BulkOperation,
  type Collection,
  type Document,
  type Filter,
  type IndexSpec,
} from './read-store.ts';
import type { FindOptions, LooseDocument, ReadStore, Update, UpdateOptions, UpdateResult } from './read-store.ts';

/**
 * A cached document: the exact JSON text stored for it (parsing it is the cheapest copy),
 * and the parsed document once a query needed it. Parsing lazily keeps documents that are
 * only written (most of a rebuild) or only read by _id from ever being parsed twice.
 */
type Entry = { json: string; doc?: LooseDocument };
type Documents = Map<string, Entry>;
const parsed = (entry: Entry): LooseDocument => (entry.doc ??= JSON.parse(entry.json) as LooseDocument);
/** Rows per multi-row INSERT when a transaction is flushed. */
const SAVE_CHUNK = 64;
type Operators = Parameters<typeof applyOperators>[1];
/** What a transaction still owes SQLite for one document: its row saved, removed, or removed and inserted anew. */
type PendingWrite = 'save' | 'remove' | 'reinsert';

const NOTHING_CHANGED: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };

export class SqliteReadStore implements ReadStore {
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
   * Writes what the transaction changed, once per document: the removals first, then the
   * saves in the order the cache saw them (rows of different documents are independent),
   * SAVE_CHUNK rows per statement, which makes a rebuild's inserts about a fifth cheaper.
   */
  private flushPending(): void {
    for (const [name, writes] of this.pending) {
      const documents = this.caches.get(name);
      const rows: string[] = [];
      for (const [id, write] of writes) {
        if (write !== 'save') this.statements.remove.run(name, id);
        const entry = documents?.get(id);
        if (write !== 'remove' && entry) rows.push(name, id, entry.json);
      }
      const chunk = 3 * SAVE_CHUNK;
      let at = 0;
      for (; rows.length - at >= chunk; at += chunk) this.statements.saveChunk.run(rows.slice(at, at + chunk));
      for (; at < rows.length; at += 3) this.statements.save.run(rows[at], rows[at + 1], rows[at + 2]);
    }
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

class SqliteCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly store: SqliteReadStore,
    private readonly name: string,
  ) {}

  async findOne(filter: Filter, options: FindOptions = {}): Promise<T | null> {
    // The hot path of every GET by id: no query compilation, one Map lookup, one parse.
    if (typeof filter._id === 'string' && !options.projection && hasOnlyId(filter)) {
      const entry = this.store.documentsOf(this.name).get(filter._id);
      return entry ? (JSON.parse(entry.json) as T) : null;
    }
    const [first] = this.select(filter, { ...options, limit: 1 });
    return first ? (this.copy(first, options) as T) : null;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return this.select(filter, options).map((doc) => this.copy(doc, options) as T);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) return this.store.documentsOf(this.name).size;
    return this.select(filter, {}).length;
  }

  async insertOne(document: T): Promise<void> {
    this.store.write(() => this.insertNow(document));
  }
  async replaceOne(filter: Filter, replacement: T, { upsert = false }: UpdateOptions = {}): Promise<UpdateResult> {
    return this.store.write(() => this.replaceNow(filter, replacement, upsert));
  }
  async updateOne(filter: Filter, update: Update, { upsert = false }: UpdateOptions = {}): Promise<UpdateResult> {
    return this.store.write(() => this.updateNow(filter, update, upsert, false));
  }
  async updateMany(filter: Filter, update: Update, { upsert = false }: UpdateOptions = {}): Promise<UpdateResult> {
    return this.store.write(() => this.updateNow(filter, update, upsert, true));
  }
  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.store.write(() => this.deleteNow(filter, false));
  }
  async deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    return this.store.write(() => this.deleteNow(filter, true));
  }

  /** In order, all or nothing (one savepoint): a failing operation undoes the earlier ones. */
  async bulkWrite(operations: BulkOperation<T>[]): Promise<void> {
    this.store.write(() => {
      for (const op of operations) {
        if ('insertOne' in op) this.insertNow(op.insertOne.document);
        else if ('updateOne' in op)
          this.updateNow(op.updateOne.filter, op.updateOne.update, op.updateOne.upsert ?? false, false);
        else if ('updateMany' in op)
          this.updateNow(op.updateMany.filter, op.updateMany.update, op.updateMany.upsert ?? false, true);
        else if ('replaceOne' in op)
          this.replaceNow(op.replaceOne.filter, op.replaceOne.replacement, op.replaceOne.upsert ?? false);
        else if ('deleteOne' in op) this.deleteNow(op.deleteOne.filter, false);
        else if ('deleteMany' in op) this.deleteNow(op.deleteMany.filter, true);
        else throw new Error(`bulkWrite: unknown operation ${JSON.stringify(op)}`);
      }
    });
  }

  /** The _ids of the matching documents, in the order select() would give them. */
  private selectIds(filter: Filter, options: FindOptions): string[] {
    // the hot path of every projection's write: one _id and nothing else, no parse at all
    if (typeof filter._id === 'string' && hasOnlyId(filter) && !options.skip) {
      return this.store.documentsOf(this.name).has(filter._id) ? [filter._id] : [];
    }
    return this.select(filter, { ...options, projection: undefined }).map((doc) => doc._id);
  }

  /** Matching cached documents (not copies), sorted, skipped, limited and projected (plain JavaScript where it can, else mingo). */
  private select(filter: Filter, options: FindOptions): Document[] {
    const documents = this.store.documentsOf(this.name);
    const byId = typeof filter._id === 'string' ? documents.get(filter._id) : undefined;
    const candidates =
      typeof filter._id === 'string'
        ? byId
          ? [parsed(byId)]
          : [] // a filter naming one _id can only match that document
        : Array.from(documents.values(), parsed);
    const plain = plainSelect(candidates, filter, options.sort, options.skip ?? 0, options.limit ?? 0);
    if (plain) return options.projection ? new Query({}, {}).find<Document>(plain, options.projection).all() : plain;
    // mingo's cursor filters, then sorts (stable, BSON type order, missing/null first), then
    // skips and limits, then projects, which is MongoDB's order.
    const cursor = new Query(filter, {}).find<Document>(candidates, options.projection ?? {});
    if (options.sort && Object.keys(options.sort).length > 0) cursor.sort(options.sort);
    if (options.skip) cursor.skip(options.skip);
    if (options.limit) cursor.limit(options.limit);
    return cursor.all();
  }

  /** A copy the caller may mutate: a parse of the stored text, or a clone of a projection. */
  private copy(doc: Document, options: FindOptions): Document {
    if (options.projection) return structuredClone(doc);
    // select() has just refreshed the cache, so the entry is there and current.
    return JSON.parse(this.store.documentsOf(this.name, false).get(doc._id)!.json);
  }

  private insertNow(document: Document): void {
    if (typeof document._id !== 'string') throw new TypeError(`insertOne into ${this.name}: _id must be a string`);
    if (this.store.documentsOf(this.name).has(document._id)) throw new DuplicateKeyError(this.name, document._id);
    this.store.save(this.name, document);
  }

  private updateNow(filter: Filter, update: Update, upsert: boolean, many: boolean): UpdateResult {
    const { $setOnInsert, ...operators } = update;
    const targets = this.selectIds(filter, many ? {} : { limit: 1 });
    if (targets.length === 0) {
      if (!upsert) return NOTHING_CHANGED;
      const created = seedFromFilter(filter);
      if (typeof created._id !== 'string') created._id = randomUUID();
      if ($setOnInsert) applyUpdate(created, { $set: $setOnInsert }, filter);
      applyUpdate(created, operators as Operators, filter);
      // As in MongoDB, an upsert whose filter missed an existing _id is a duplicate key.
      this.insertNow(created as Document);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    }
    let modifiedCount = 0;
    const documents = this.store.documentsOf(this.name);
    for (const target of targets) {
      const before = documents.get(target)!.json;
      const next = JSON.parse(before) as Document;
      // The filter is passed so that positional paths (`items.$.name`) resolve.
      applyUpdate(next, operators as Operators, filter);
      if (next._id !== target) throw new Error(`update in ${this.name}: _id is immutable`);
      const json = JSON.stringify(next);
      if (json !== before) {
        this.store.save(this.name, next, json);
        modifiedCount++;
      }
    }
    return { matchedCount: targets.length, modifiedCount, upsertedCount: 0 };
  }

  private replaceNow(filter: Filter, replacement: Document, upsert: boolean): UpdateResult {
    const [target] = this.selectIds(filter, { limit: 1 });
    if (target !== undefined) {
      if (replacement._id !== undefined && replacement._id !== target) {
        throw new Error(`replaceOne in ${this.name}: _id is immutable`);
      }
      const before = this.store.documentsOf(this.name).get(target)!.json;
      const next = { ...replacement, _id: target };
      const json = JSON.stringify(next);
      const modified = json !== before;
      if (modified) this.store.save(this.name, next, json);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
    }
    if (!upsert) return NOTHING_CHANGED;
    // Like MongoDB, a replacement upsert takes only the _id from the filter, not other fields.
    // (seeding is skipped when the replacement names its _id: the common upsert of projections)
    const _id = replacement._id ?? seededIdOf(filter);
    this.insertNow({ ...replacement, _id });
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  private deleteNow(filter: Filter, many: boolean): { deletedCount: number } {
    if (many && Object.keys(filter).length === 0) return { deletedCount: this.store.removeAll(this.name) };
    const targets = this.selectIds(filter, many ? {} : { limit: 1 });
    for (const target of targets) this.store.remove(this.name, target);
    return { deletedCount: targets.length };
  }
}

function seededIdOf(filter: Filter): string {
  const seeded = seedFromFilter(filter)._id;
  return typeof seeded === 'string' ? seeded : randomUUID();
}

function hasOnlyId(filter: Filter): boolean {
  for (const key in filter) if (key !== '_id') return false; // no array allocated, unlike Object.keys
  return true;
}

/**
 * The document an upsert starts from, as MongoDB builds it: every equality in the filter
 * (`field: value`, `field: { $eq: value }`, and those inside `$and`), dotted paths expanded.
 */
function seedFromFilter(filter: Filter, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) seedFromFilter(clause as Filter, into);
    } else if (!key.startsWith('$')) {
      if (isOperatorObject(value)) {
        if ('$eq' in value) setPath(into, key, structuredClone(value.$eq));
      } else if (!(value instanceof RegExp)) {
        setPath(into, key, structuredClone(value));
      }
    }
  }
  return into;
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === null || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * mingo's updater, except for the common updates of projections — `$set`, `$unset`, `$inc`,
 * `$max` and `$min` of plain top-level fields holding numbers or strings — which are plain
 * assignments and many times faster (mingo builds a whole context per call; these updates
 * dominate rebuilds).
 */
function applyUpdate(target: Record<string, unknown>, operators: Operators, filter: Filter): void {
  const keys = Object.keys(operators);
  if (keys.length === 0) return;
  if (
    keys.every((operator) =>
      isSimpleUpdate(operator, (operators as Record<string, Record<string, unknown>>)[operator], target),
    )
  ) {
    for (const operator of keys) {
      const fields = (operators as Record<string, Record<string, unknown>>)[operator];
      for (const field in fields) {
        const value = fields[field];
        const current = target[field];
        if (operator === '$set')
          target[field] =
            value === undefined || value === null || typeof value !== 'object' ? value : structuredClone(value);
        else if (operator === '$unset') delete target[field];
        else if (operator === '$inc') target[field] = ((current as number | undefined) ?? 0) + (value as number);
        else if (operator === '$max')
          target[field] =
            current === undefined || (value as number | string) > (current as number | string) ? value : current;
        else if (operator === '$min')
          target[field] =
            current === undefined || (value as number | string) < (current as number | string) ? value : current;
      }
    }
    return;
  }
  applyOperators(target, operators, [], filter);
}

/** Whether plain JavaScript gives MongoDB's answer for this operator on these fields. */
function isSimpleUpdate(operator: string, fields: Record<string, unknown>, target: Record<string, unknown>): boolean {
  if (fields === null || typeof fields !== 'object') return false;
  for (const field in fields) {
    if (field.includes('.') || field.startsWith('$')) return false;
    const value = fields[field];
    const current = target[field];
    switch (operator) {
      case '$set':
      case '$unset':
        break;
      case '$inc':
        if (typeof value !== 'number' || (current !== undefined && typeof current !== 'number')) return false;
        break;
      case '$max':
      case '$min':
        // BSON order across types (null < numbers < strings) is mingo's business
        if (
          (typeof value !== 'number' && typeof value !== 'string') ||
          (current !== undefined && typeof current !== typeof value)
        )
          return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

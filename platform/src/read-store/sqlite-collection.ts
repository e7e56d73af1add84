/**
 * One collection of the embedded ReadStore: MongoDB's find/update/delete semantics over the
 * store's in-memory copy of the collection (plain JavaScript where it can, mingo otherwise).
 * Every write goes through the store, which decides when it reaches SQLite.
 */
import { randomUUID } from 'node:crypto';
import { Query } from 'mingo';
import { plainSelect } from './plain-query.ts';
import {
  DuplicateKeyError,
  type BulkOperation,
  type BulkWriteOptions,
  type Collection,
  type Document,
  type Filter,
  type FindOptions,
  type LooseDocument,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from './read-store.ts';
import { applyUpdate, seedFromFilter, seededIdOf, type Operators } from './update-operators.ts';

/**
 * A cached document: the exact JSON text stored for it (parsing it is the cheapest copy),
 * and the parsed document once a query needed it. Parsing lazily keeps documents that are
 * only written (most of a rebuild) or only read by _id from ever being parsed twice.
 */
export type Entry = { json: string; doc?: LooseDocument };
export type Documents = Map<string, Entry>;
const parsed = (entry: Entry): LooseDocument => (entry.doc ??= JSON.parse(entry.json) as LooseDocument);

/** What a collection asks of the store that caches it (sqlite-read-store.ts). */
export interface DocumentCache {
  /** The collection's cached documents, reloaded first if another connection committed (unless told not to check). */
  documentsOf(name: string, checkFreshness?: boolean): Documents;
  /** Runs synchronous writes so that they land together or not at all. */
  write<R>(work: () => R): R;
  /** `json` may be passed when the caller has just serialized the document. */
  save(name: string, document: Document, json?: string): void;
  remove(name: string, id: string): void;
  removeAll(name: string): number;
}

const NOTHING_CHANGED: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };

export class SqliteCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly store: DocumentCache,
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

  /**
   * In order, all or nothing (one savepoint): a failing operation undoes the earlier ones.
   * `ordered: false` changes nothing here: applying in order is one of the orders allowed.
   */
  async bulkWrite(operations: BulkOperation<T>[], _options?: BulkWriteOptions): Promise<void> {
    this.store.write(() => {
      for (const op of operations) {
        if ('replaceOne' in op) {
          const { filter, replacement, upsert = false } = op.replaceOne;
          // a whole document put in place by its own _id (the projections' flush): no query needed
          if (typeof filter._id === 'string' && replacement._id === filter._id && hasOnlyId(filter))
            this.putNow(replacement, upsert);
          else this.replaceNow(filter, replacement, upsert);
        } else if ('updateOne' in op)
          this.updateNow(op.updateOne.filter, op.updateOne.update, op.updateOne.upsert ?? false, false);
        else if ('deleteOne' in op) this.deleteNow(op.deleteOne.filter, false);
        else if ('insertOne' in op) this.insertNow(op.insertOne.document);
        else if ('updateMany' in op)
          this.updateNow(op.updateMany.filter, op.updateMany.update, op.updateMany.upsert ?? false, true);
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

  /** replaceOne({ _id: document._id }, document): the document as it is, unless nothing changed. */
  private putNow(document: Document, upsert: boolean): void {
    const existing = this.store.documentsOf(this.name, false).get(document._id);
    if (!existing && !upsert) return;
    const json = JSON.stringify(document);
    if (existing?.json !== json) this.store.save(this.name, document, json);
  }

  private replaceNow(filter: Filter, replacement: Document, upsert: boolean): UpdateResult {
    const [target] = this.selectIds(filter, { limit: 1 });
    if (target !== undefined) {
      if (replacement._id !== undefined && replacement._id !== target) {
        throw new Error(`replaceOne in ${this.name}: _id is immutable`);
      }
      const before = this.store.documentsOf(this.name, false).get(target)!.json;
      // a replacement naming its _id (the projections' flush) is stored as it is, without a copy
      const next = replacement._id === target ? replacement : { ...replacement, _id: target };
      const json = JSON.stringify(next);
      const modified = json !== before;
      if (modified) this.store.save(this.name, next, json);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
    }
    if (!upsert) return NOTHING_CHANGED;
    // Like MongoDB, a replacement upsert takes only the _id from the filter, not other fields.
    // (seeding is skipped when the replacement names its _id: the common upsert of projections)
    this.insertNow(replacement._id === undefined ? { ...replacement, _id: seededIdOf(filter) } : replacement);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  private deleteNow(filter: Filter, many: boolean): { deletedCount: number } {
    if (many && Object.keys(filter).length === 0) return { deletedCount: this.store.removeAll(this.name) };
    const targets = this.selectIds(filter, many ? {} : { limit: 1 });
    for (const target of targets) this.store.remove(this.name, target);
    return { deletedCount: targets.length };
  }
}

function hasOnlyId(filter: Filter): boolean {
  for (const key in filter) if (key !== '_id') return false; // no array allocated, unlike Object.keys
  return true;
}

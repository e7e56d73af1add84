/**
 * One collection of the embedded ReadStore: MongoDB's find/update/delete semantics over the
 * documents SQLite holds (sqlite-rows.ts), found through the collection's indexes where they
 * help (sqlite-query.ts). Every write goes through the store, which decides the transaction.
 */
import { randomUUID } from 'node:crypto';
import { Query } from 'mingo';
import {
  type BulkOperation,
  type BulkWriteOptions,
  type Collection,
  type Document,
  type Filter,
  type FindOptions,
  supportedUpdate,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from './read-store.ts';
import { countRows, type Matched, matcherOf, matchRows, planQuery, selectDocuments } from './sqlite-query.ts';
import type { DocumentRows } from './sqlite-rows.ts';
import { applyUpdate, type Operators, seededIdOf, seedFromFilter } from './update-operators.ts';

/** What a collection asks of the store it belongs to (sqlite-read-store.ts). */
export interface RowsOwner {
  /** The rows, after noticing another connection's commit (at most once a millisecond). */
  reading(): DocumentRows;
  /** Runs synchronous writes so that they land together or not at all. */
  write<R>(work: (rows: DocumentRows) => R): R;
}

const NOTHING_CHANGED: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };

export class SqliteCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly store: RowsOwner,
    private readonly name: string,
  ) {}

  async findOne(filter: Filter, options: FindOptions = {}): Promise<T | null> {
    // The hot path of every GET by id: no query at all, one cache lookup, one parse.
    if (typeof filter._id === 'string' && !options.projection && hasOnlyId(filter)) {
      const json = this.store.reading().json(this.name, filter._id);
      return json === null ? null : (JSON.parse(json) as T);
    }
    const [first] = this.select(filter, { ...options, limit: 1 });
    return (first as T) ?? null;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return this.select(filter, options) as T[];
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const rows = this.store.reading();
    if (Object.keys(filter).length === 0) return rows.count(this.name);
    if (typeof filter._id === 'string') return this.matching(rows, filter, 0).length;
    return rows.withIndexes(this.name, (indexes) => {
      const plan = planQuery(this.name, indexes, filter, undefined, false);
      return countRows(rows.rows(plan), plan, filter);
    });
  }

  async insertOne(document: T): Promise<void> {
    this.store.write((rows) => this.insertNow(rows, document));
  }
  async replaceOne(filter: Filter, replacement: T, { upsert = false }: UpdateOptions = {}): Promise<UpdateResult> {
    return this.store.write((rows) => this.replaceNow(rows, filter, replacement, upsert));
  }
  async updateOne(filter: Filter, update: Update, { upsert = false }: UpdateOptions = {}): Promise<UpdateResult> {
    return this.store.write((rows) => this.updateNow(rows, filter, update, upsert, false));
  }
  async updateMany(filter: Filter, update: Update, { upsert = false }: UpdateOptions = {}): Promise<UpdateResult> {
    return this.store.write((rows) => this.updateNow(rows, filter, update, upsert, true));
  }
  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.store.write((rows) => this.deleteNow(rows, filter, false));
  }
  async deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    return this.store.write((rows) => this.deleteNow(rows, filter, true));
  }

  /**
   * In order, all or nothing. Whole documents put in place by their own _id (the projections'
   * flush) are written together, many rows to a statement; `ordered: false` changes nothing
   * here: applying in order is one of the orders allowed.
   */
  async bulkWrite(operations: BulkOperation<T>[], _options?: BulkWriteOptions): Promise<void> {
    this.store.write((rows) => {
      let puts: Document[] = [];
      let putsUpsert = false;
      const putPending = () => {
        if (puts.length > 0) rows.putAll(this.name, puts, putsUpsert);
        puts = [];
      };
      for (const op of operations) {
        if ('replaceOne' in op) {
          const { filter, replacement, upsert = false } = op.replaceOne;
          if (typeof filter._id === 'string' && replacement._id === filter._id && hasOnlyId(filter)) {
            if (puts.length > 0 && putsUpsert !== upsert) putPending();
            putsUpsert = upsert;
            puts.push(replacement);
            continue;
          }
        }
        putPending();
        if ('replaceOne' in op) {
          const { filter, replacement, upsert = false } = op.replaceOne;
          this.replaceNow(rows, filter, replacement, upsert);
        } else if ('updateOne' in op)
          this.updateNow(rows, op.updateOne.filter, op.updateOne.update, op.updateOne.upsert ?? false, false);
        else if ('deleteOne' in op) this.deleteNow(rows, op.deleteOne.filter, false);
        else if ('insertOne' in op) this.insertNow(rows, op.insertOne.document);
        else if ('updateMany' in op)
          this.updateNow(rows, op.updateMany.filter, op.updateMany.update, op.updateMany.upsert ?? false, true);
        else if ('deleteMany' in op) this.deleteNow(rows, op.deleteMany.filter, true);
        else throw new Error(`bulkWrite: unknown operation ${JSON.stringify(op)}`);
      }
      putPending();
    });
  }

  /** Matching documents (fresh parses the caller may keep), sorted, skipped, limited and projected. */
  private select(filter: Filter, options: FindOptions): Document[] {
    const rows = this.store.reading();
    let docs: Document[];
    if (typeof filter._id === 'string') {
      // a filter naming one _id can only match that document
      docs = this.matching(rows, filter, 0)
        .map(({ doc }) => doc)
        .slice(options.skip ?? 0, options.limit ? (options.skip ?? 0) + options.limit : undefined);
    } else {
      docs = rows.withIndexes(this.name, (indexes) => {
        const plan = planQuery(this.name, indexes, filter, options.sort, Boolean(options.limit));
        return selectDocuments(rows.rows(plan), plan, filter, options);
      });
    }
    return options.projection ? new Query({}, {}).find<Document>(docs, options.projection).all() : docs;
  }

  /** Matching documents with their rows, in insertion order; `enough` of them at most (0: all). */
  private matching(rows: DocumentRows, filter: Filter, enough: number): Matched[] {
    if (typeof filter._id === 'string') {
      const row = rows.row(this.name, filter._id);
      if (!row) return [];
      const doc = JSON.parse(row.json) as Document;
      return matcherOf(filter)(doc) ? [{ row, doc }] : [];
    }
    return rows.withIndexes(this.name, (indexes) => {
      const plan = planQuery(this.name, indexes, filter, undefined, enough > 0);
      return matchRows(rows.rows(plan), plan, filter, enough);
    });
  }

  private insertNow(rows: DocumentRows, document: Document): void {
    if (typeof document._id !== 'string') throw new TypeError(`insertOne into ${this.name}: _id must be a string`);
    rows.insert(this.name, document, JSON.stringify(document));
  }

  private updateNow(rows: DocumentRows, filter: Filter, update: Update, upsert: boolean, many: boolean): UpdateResult {
    const operators = supportedUpdate(update);
    const targets = this.matching(rows, filter, many ? 0 : 1);
    if (targets.length === 0) {
      if (!upsert) return NOTHING_CHANGED;
      const created = seedFromFilter(filter);
      if (typeof created._id !== 'string') created._id = randomUUID();
      applyUpdate(created, operators as Operators, filter);
      // As in MongoDB, an upsert whose filter missed an existing _id is a duplicate key.
      this.insertNow(rows, created as Document);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    }
    let modifiedCount = 0;
    for (const { row, doc } of targets) {
      applyUpdate(doc as unknown as Record<string, unknown>, operators as Operators, filter);
      if (doc._id !== row.id) throw new Error(`update in ${this.name}: _id is immutable`);
      const json = JSON.stringify(doc);
      if (json !== row.json) {
        rows.replace(this.name, row, doc, json);
        modifiedCount++;
      }
    }
    return { matchedCount: targets.length, modifiedCount, upsertedCount: 0 };
  }

  private replaceNow(rows: DocumentRows, filter: Filter, replacement: Document, upsert: boolean): UpdateResult {
    const [target] = this.matching(rows, filter, 1);
    if (target) {
      const id = target.row.id;
      if (replacement._id !== undefined && replacement._id !== id) {
        throw new Error(`replaceOne in ${this.name}: _id is immutable`);
      }
      // a replacement naming its _id (the projections' flush) is stored as it is, without a copy
      const next = replacement._id === id ? replacement : { ...replacement, _id: id };
      const json = JSON.stringify(next);
      const modified = json !== target.row.json;
      if (modified) rows.replace(this.name, target.row, next, json);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
    }
    if (!upsert) return NOTHING_CHANGED;
    // Like MongoDB, a replacement upsert takes only the _id from the filter, not other fields.
    this.insertNow(rows, replacement._id === undefined ? { ...replacement, _id: seededIdOf(filter) } : replacement);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  private deleteNow(rows: DocumentRows, filter: Filter, many: boolean): { deletedCount: number } {
    if (many && Object.keys(filter).length === 0) return { deletedCount: rows.removeAll(this.name, false) };
    const targets = this.matching(rows, filter, many ? 0 : 1);
    for (const { row } of targets) rows.remove(this.name, row);
    return { deletedCount: targets.length };
  }
}

function hasOnlyId(filter: Filter): boolean {
  for (const key in filter) if (key !== '_id') return false; // no array allocated, unlike Object.keys
  return true;
}

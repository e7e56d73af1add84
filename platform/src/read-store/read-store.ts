/**
 * The ReadStore port: the MongoDB-shaped subset that projections and queries are written
 * against (docs/architecture.md "Ports"). Filters and updates use MongoDB syntax.
 */
export type Document = { _id: string };
/** The default document type: any fields beside the _id. */
export type LooseDocument = Document & Record<string, unknown>;
export type Filter = Record<string, unknown>;
/**
 * The updates the read models make: `$set` and `$unset` (dotted paths too), and `$pull`, with
 * which erasing a person takes them out of the lists that name them. MongoDB's other operators
 * ($inc, $push, $max, $min, $setOnInsert, ...) are refused (see README.md): the projectors
 * compute a document's new fields in code and set them.
 */
export type Update = {
  $set?: Record<string, unknown>;
  $unset?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
};

const updateOperators: ReadonlySet<string> = new Set(['$set', '$unset', '$pull']);

/** The update, once each of its operators is one the store supports; a clear error otherwise. */
export function supportedUpdate(update: Update): Update {
  for (const operator of Object.keys(update))
    if (!updateOperators.has(operator))
      throw new TypeError(`The read store updates with $set, $unset and $pull only, not ${operator}`);
  return update;
}

export type Sort = Record<string, 1 | -1>;
/** The fields of one compound index, in order, with their direction (MongoDB's key spec). */
export type IndexSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
  projection?: Projection;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

export type BulkOperation<T extends Document> =
  | { insertOne: { document: T } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface BulkWriteOptions {
  /**
   * false: the operations are independent (each names a different document), so the store
   * may apply them in any order and in parallel (MongoDB's unordered bulk write). Default true.
   */
  ordered?: boolean;
}

export interface Collection<T extends Document = LooseDocument> {
  findOne(filter: Filter, options?: FindOptions): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  /** How many documents match; without a filter, the collection's size (MongoDB: from its metadata, not a scan). */
  countDocuments(filter?: Filter): Promise<number>;
  insertOne(document: T): Promise<void>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter?: Filter): Promise<{ deletedCount: number }>;
  bulkWrite(operations: BulkOperation<T>[], options?: BulkWriteOptions): Promise<void>;
}

export interface ReadStore {
  readonly adapterName: string;
  collection<T extends Document = LooseDocument>(name: string): Collection<T>;
  /** Names of the collections that hold at least one document. */
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  /**
   * Creates the indexes a collection's queries need, if missing; repeating it is harmless.
   * MongoDB builds them; the embedded store keeps each as a table of entries that its finds use.
   */
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /**
   * Runs `work` so that its writes land together (embedded: one SQLite transaction; MongoDB:
   * one transaction on a replica set, in order relying on idempotent projectors on a
   * standalone server). `work` may run more than once (MongoDB runs it again after a
   * transient error, the earlier attempt rolled back): each run must start from scratch.
   * Calls must not overlap: the projection runner is the only caller.
   */
  transaction<R>(work: () => Promise<R>): Promise<R>;
  /**
   * Embedded only: copies the write-ahead log into the file and empties it, so that no old
   * version of a document removed by an erasure stays in one of its frames. A batch being
   * applied at that moment is let commit first.
   */
  truncateWriteAheadLog?(): Promise<void>;
  /**
   * The documents one transaction should write at most (undefined: no bound). MongoDB aborts a
   * transaction that outlives its lifetime limit or outgrows its cache, and the abort is
   * transient, so the same too-large batch would be run again until the retries run out.
   */
  readonly transactionDocumentLimit?: number;
  close(): Promise<void>;
  /**
   * Removes the whole store, every collection in it (MongoDB: its database; embedded: its
   * file), and closes it, even when the removal fails. For scratch stores (verify, replays):
   * the live read models are only ever dropped collection by collection.
   */
  destroy(): Promise<void>;
}

/** insertOne on an _id that exists. */
export class DuplicateKeyError extends Error {
  readonly name = 'DuplicateKeyError';
  constructor(
    readonly collectionName: string,
    readonly id: string,
  ) {
    super(`Duplicate _id ${id} in ${collectionName}`);
  }
}

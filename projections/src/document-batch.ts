import type { BulkOperation, Document, ReadStore } from '@vip/platform';

/**
 * What the projectors read and write while the runner applies a batch: whole documents by
 * _id, kept in memory and written once each when the batch is flushed. A counter bumped by
 * 500 events of a batch is read once and written once, on every store (MongoDB gets one
 * unordered bulk write per collection instead of a round trip per event).
 *
 * Documents handed out and documents set are frozen: a projector makes a new document
 * (`{ ...current, field }`) and sets it. A change made in place would never reach the store,
 * so it fails loudly instead.
 */
/** One collection's documents within a batch (DocumentBatch.of). */
export interface BatchCollection<T extends Document> {
  /** Await it: a promise only when the store must be asked. */
  get(id: string): Readonly<T> | null | Promise<Readonly<T> | null>;
  set(document: T): void;
  delete(id: string): void;
}

export class DocumentBatch {
  constructor(
    private readonly store: ReadStore,
    /** The physical collection a projector's (logical) collection name stands for in this batch. */
    private readonly names: (collection: string) => string = (collection) => collection,
    /** By physical collection, in the order first used (of, get, set, delete): the order of the flush. */
    private readonly collections = new Map<string, CollectionInBatch>(),
  ) {}

  /**
   * The same batch seen through other names: a projector building its new version beside the
   * live one writes its own collections under their versioned names, in the batch they share.
   */
  within(names: (collection: string) => string): DocumentBatch {
    return new DocumentBatch(this.store, names, this.collections);
  }

  /** Documents this batch has written or will write at its flush: what its transaction holds. */
  get documents(): number {
    let count = 0;
    for (const collection of this.collections.values()) count += collection.documents;
    return count;
  }

  /** The documents of one collection, typed. */
  of<T extends Document>(collection: string): BatchCollection<T> {
    const physical = this.names(collection);
    let handle = this.collections.get(physical);
    if (!handle) this.collections.set(physical, (handle = new CollectionInBatch(this.store, physical)));
    return handle as unknown as BatchCollection<T>;
  }

  /** The document as this batch left it, else as the store holds it; null when there is none. */
  async get<T extends Document>(collection: string, id: string): Promise<Readonly<T> | null> {
    return this.of<T>(collection).get(id);
  }

  /** Puts the whole document in place of what its _id held (written at the flush). */
  set<T extends Document>(collection: string, document: T): void {
    this.of<T>(collection).set(document);
  }

  delete(collection: string, id: string): void {
    this.of(collection).delete(id);
  }

  /**
   * Writes every changed document once, collection by collection in the order they were
   * first used. Within a collection each operation names a different _id, so the order
   * does not matter (unordered on MongoDB).
   */
  async flush(): Promise<void> {
    for (const collection of this.collections.values()) await collection.flush();
    this.collections.clear();
  }

  /**
   * Writes now what was set in collections nothing has read in this batch (the audit trail's:
   * one new document per event), so a long batch does not hold them all until its end. Always
   * correct: a later read finds them in the store. Only the collections read keep their
   * documents for one write at the end.
   */
  async flushUnread(): Promise<void> {
    for (const collection of this.collections.values()) if (!collection.read) await collection.flush();
  }
}

/** Operations per bulkWrite when a batch is flushed. */
const FLUSH_PART = 1000;

class CollectionInBatch implements BatchCollection<Document> {
  /** Documents this batch set (null: deleted). */
  private readonly changed = new Map<string, Readonly<Document> | null>();
  /** Documents read from the store and not changed since (null: none there). */
  private readonly loaded = new Map<string, Readonly<Document> | null>();
  /** Whether anything was read from this collection in this batch. */
  read = false;
  /** Documents written by earlier flushes of this batch (flushUnread). */
  private written = 0;

  constructor(
    private readonly store: ReadStore,
    private readonly name: string,
  ) {}

  /** Not async: a document this batch knows is handed back without a promise (most reads). */
  get(id: string): Readonly<Document> | null | Promise<Readonly<Document> | null> {
    this.read = true;
    const changed = this.changed.get(id);
    if (changed !== undefined) return changed;
    const loaded = this.loaded.get(id);
    if (loaded !== undefined) return loaded;
    return this.load(id);
  }

  private async load(id: string): Promise<Readonly<Document> | null> {
    const stored = await this.store.collection(this.name).findOne({ _id: id });
    const document = stored ? Object.freeze(stored) : null;
    this.loaded.set(id, document);
    return document;
  }

  get documents(): number {
    return this.written + this.changed.size;
  }

  set(document: Document): void {
    this.changed.set(document._id, Object.freeze(document));
  }

  delete(id: string): void {
    this.changed.set(id, null);
  }

  async flush(): Promise<void> {
    const collection = this.store.collection(this.name);
    let operations: BulkOperation<Document>[] = [];
    for (const id of this.changed.keys()) {
      const document = this.changed.get(id);
      operations.push(
        document
          ? { replaceOne: { filter: { _id: id }, replacement: document, upsert: true } }
          : { deleteOne: { filter: { _id: id } } },
      );
      // in parts: the operations of a large batch never pile up in memory at once
      if (operations.length === FLUSH_PART) {
        await collection.bulkWrite(operations, { ordered: false });
        operations = [];
      }
    }
    if (operations.length > 0) await collection.bulkWrite(operations, { ordered: false });
    this.written += this.changed.size;
    this.changed.clear();
  }
}

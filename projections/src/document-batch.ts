import type { BulkOperation, Document, ReadStore } from '@vip/platform';
import type { ProjectedEvent, Projector } from './projector.ts';

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
  get(id: string): Promise<Readonly<T> | null>;
  set(document: T): void;
  delete(id: string): void;
}

export class DocumentBatch {
  /** By collection: every document read or written in this batch (null: none, or deleted). */
  private readonly known = new Map<string, Map<string, Readonly<Document> | null>>();
  /** By collection, in the order first written: the _ids this batch changed. */
  private readonly changed = new Map<string, Set<string>>();

  private readonly handles = new Map<string, BatchCollection<Document>>();

  constructor(private readonly store: ReadStore) {}

  /** The documents of one collection, typed. */
  of<T extends Document>(collection: string): BatchCollection<T> {
    let handle = this.handles.get(collection);
    if (!handle) {
      handle = {
        get: (id) => this.get(collection, id),
        set: (document) => this.set(collection, document),
        delete: (id) => this.delete(collection, id),
      };
      this.handles.set(collection, handle);
    }
    return handle as unknown as BatchCollection<T>;
  }

  /** The document as this batch left it, else as the store holds it; null when there is none. */
  async get<T extends Document>(collection: string, id: string): Promise<Readonly<T> | null> {
    const documents = this.documentsOf(collection);
    const known = documents.get(id);
    if (known !== undefined) return known as Readonly<T> | null;
    const stored = await this.store.collection<T>(collection).findOne({ _id: id });
    const document = stored ? Object.freeze(stored) : null;
    documents.set(id, document);
    return document;
  }

  /** Puts the whole document in place of what its _id held (written at the flush). */
  set<T extends Document>(collection: string, document: T): void {
    this.documentsOf(collection).set(document._id, Object.freeze(document));
    this.changedIn(collection).add(document._id);
  }

  delete(collection: string, id: string): void {
    this.documentsOf(collection).set(id, null);
    this.changedIn(collection).add(id);
  }

  /**
   * Writes every changed document once, collection by collection in the order they were
   * first written. Within a collection each operation names a different _id, so the order
   * does not matter (unordered on MongoDB).
   */
  async flush(): Promise<void> {
    for (const [collection, ids] of this.changed) {
      const documents = this.documentsOf(collection);
      const operations: BulkOperation<Document>[] = [];
      for (const id of ids) {
        const document = documents.get(id);
        operations.push(
          document
            ? { replaceOne: { filter: { _id: id }, replacement: document, upsert: true } }
            : { deleteOne: { filter: { _id: id } } },
        );
      }
      await this.store.collection(collection).bulkWrite(operations, { ordered: false });
    }
    this.changed.clear();
    this.known.clear();
  }

  private documentsOf(collection: string): Map<string, Readonly<Document> | null> {
    let documents = this.known.get(collection);
    if (!documents) this.known.set(collection, (documents = new Map()));
    return documents;
  }

  private changedIn(collection: string): Set<string> {
    let ids = this.changed.get(collection);
    if (!ids) this.changed.set(collection, (ids = new Set()));
    return ids;
  }
}

/**
 * Applies events, in order, to the projectors that handle them, as one batch written to the
 * store at the end. No checkpoint is kept: the runner does that (projector tests use this).
 */
export async function projectEvents(
  store: ReadStore,
  projectors: readonly Projector[],
  events: readonly ProjectedEvent[],
): Promise<void> {
  const batch = new DocumentBatch(store);
  for (const event of events)
    for (const projector of projectors) if (projector.handles.has(event.type)) await projector.apply(event, batch);
  await batch.flush();
}

/**
 * Read models by their logical names, wherever their active version lives. A projector whose
 * version changed is built beside the live one into collections of its own (blue/green:
 * `audit__v3` beside `audit`), and the projections runner switches the readers to them in one
 * write of a small document, once the new version has caught up. Every reader (queries,
 * commands, the authenticator, the CLIs) goes through this wrapper, so it follows the switch:
 * the process that switched at once, any other within `refreshMs`.
 */
import type {
  BulkOperation,
  BulkWriteOptions,
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  LooseDocument,
  ReadStore,
  Update,
  UpdateOptions,
} from './read-store.ts';

/** The bookkeeping collection of the collection sets: one document, written by the projections runner only. */
export const collectionSetsCollection = 'read_model_sets';
export const collectionSetsId = 'sets';

/** Where a projection's new version is being built, beside its live one. */
export interface BuildingSet {
  version: number;
  /** Logical name → the physical collection the new version writes. */
  collections: Record<string, string>;
  startedAt: string;
}

export interface CollectionSetsDocument {
  _id: typeof collectionSetsId;
  /** Logical name → physical name, for every collection not kept under its own name. What readers follow. */
  names: Record<string, string>;
  /** The version each projection's active set was built with, for those built beside an older one (wins over the checkpoints' record). */
  versions: Record<string, number>;
  /** By projection: a new version being built. */
  building: Record<string, BuildingSet>;
  /** Physical collections of replaced versions, with when they were replaced: dropped once every reader has moved on. */
  retired: Record<string, string>;
}

export const emptyCollectionSets = (): CollectionSetsDocument => ({
  _id: collectionSetsId,
  names: {},
  versions: {},
  building: {},
  retired: {},
});

/** The physical name of a logical collection built by a projector's `version` beside another version. */
export const versionedCollectionName = (logical: string, version: number): string => `${logical}__v${version}`;

/** Reads the collection sets document of a (physical) store; empty when none was written. */
export async function readCollectionSets(physical: ReadStore): Promise<CollectionSetsDocument> {
  const doc = await physical
    .collection<CollectionSetsDocument>(collectionSetsCollection)
    .findOne({ _id: collectionSetsId });
  return { ...emptyCollectionSets(), ...doc, _id: collectionSetsId };
}

export async function saveCollectionSets(physical: ReadStore, sets: CollectionSetsDocument): Promise<void> {
  await physical
    .collection<CollectionSetsDocument>(collectionSetsCollection)
    .replaceOne({ _id: collectionSetsId }, sets, { upsert: true });
}

export interface VersionedReadStoreOptions {
  /** How old the names may get before a call reads them again: how soon another process's switch is seen. */
  refreshMs?: number;
}

export class VersionedReadStore implements ReadStore {
  readonly adapterName: string;
  private sets: CollectionSetsDocument | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<CollectionSetsDocument> | undefined;
  /** Bumped by each adopt(): a read that began before one must not replace what it adopted. */
  private adopted = 0;
  private readonly refreshMs: number;
  /** How many times the sets document was read (tests count it: reads are at most one per refreshMs). */
  reads = 0;

  constructor(
    /** The store underneath, by physical names: the projections runner writes through it. */
    readonly physical: ReadStore,
    options: VersionedReadStoreOptions = {},
  ) {
    this.adapterName = physical.adapterName;
    this.refreshMs = options.refreshMs ?? 1000;
  }

  get transactionDocumentLimit(): number | undefined {
    return this.physical.transactionDocumentLimit;
  }

  /** The physical name a logical one stands for now (the names as last read: call current() first). */
  resolve(logical: string): string {
    return this.sets?.names[logical] ?? logical;
  }

  /** The collection sets, read again when older than refreshMs; one read at a time. */
  async current(): Promise<CollectionSetsDocument> {
    if (this.sets && performance.now() - this.readAt < this.refreshMs) return this.sets;
    return this.refresh();
  }

  /** Reads the collection sets now, whatever their age. */
  refresh(): Promise<CollectionSetsDocument> {
    this.reading ??= (async () => {
      try {
        this.reads++;
        const before = this.adopted;
        const sets = await readCollectionSets(this.physical);
        // the runner of this process switched while this read was under way: its sets are newer
        if (this.adopted !== before && this.sets) return this.sets;
        this.adopt(sets);
        return sets;
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  /** Takes the sets the caller has just written (the runner's switch): this process follows at once. */
  adopt(sets: CollectionSetsDocument): void {
    this.adopted++;
    this.sets = sets;
    this.readAt = performance.now();
  }

  collection<T extends Document = LooseDocument>(name: string): Collection<T> {
    return new VersionedCollection<T>(this, name);
  }

  /** Logical names: a collection under a versioned name shows as the one it stands for; sets being built or retired do not show. */
  async listCollections(): Promise<string[]> {
    const sets = await this.current();
    const logicalOf = new Map(Object.entries(sets.names).map(([logical, physical]) => [physical, logical]));
    const hidden = new Set([
      ...Object.keys(sets.retired),
      ...Object.values(sets.building).flatMap((set) => Object.values(set.collections)),
    ]);
    const names = new Set<string>();
    for (const physical of await this.physical.listCollections()) {
      const logical = logicalOf.get(physical);
      if (logical !== undefined) names.add(logical);
      else if (!hidden.has(physical) && !(physical in sets.names)) names.add(physical);
    }
    return [...names].sort();
  }

  async dropCollection(name: string): Promise<void> {
    await this.current();
    await this.physical.dropCollection(this.resolve(name));
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    await this.current();
    await this.physical.ensureIndexes(this.resolve(collection), indexes);
  }

  transaction<R>(work: () => Promise<R>): Promise<R> {
    return this.physical.transaction(work);
  }

  async truncateWriteAheadLog(): Promise<void> {
    await this.physical.truncateWriteAheadLog?.();
  }

  close(): Promise<void> {
    return this.physical.close();
  }

  destroy(): Promise<void> {
    return this.physical.destroy();
  }
}

/** A collection by its logical name: each call goes to the physical collection active at that moment. */
class VersionedCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly store: VersionedReadStore,
    private readonly name: string,
  ) {}

  private async target(): Promise<Collection<T>> {
    await this.store.current();
    return this.store.physical.collection<T>(this.store.resolve(this.name));
  }

  async findOne(filter: Filter, options?: FindOptions): Promise<T | null> {
    return (await this.target()).findOne(filter, options);
  }
  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    return (await this.target()).find(filter, options);
  }
  async countDocuments(filter?: Filter): Promise<number> {
    return (await this.target()).countDocuments(filter);
  }
  async insertOne(document: T): Promise<void> {
    return (await this.target()).insertOne(document);
  }
  async replaceOne(filter: Filter, replacement: T, options?: UpdateOptions) {
    return (await this.target()).replaceOne(filter, replacement, options);
  }
  async updateOne(filter: Filter, update: Update, options?: UpdateOptions) {
    return (await this.target()).updateOne(filter, update, options);
  }
  async updateMany(filter: Filter, update: Update, options?: UpdateOptions) {
    return (await this.target()).updateMany(filter, update, options);
  }
  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return (await this.target()).deleteOne(filter);
  }
  async deleteMany(filter?: Filter): Promise<{ deletedCount: number }> {
    return (await this.target()).deleteMany(filter);
  }
  async bulkWrite(operations: BulkOperation<T>[], options?: BulkWriteOptions): Promise<void> {
    return (await this.target()).bulkWrite(operations, options);
  }
}

/** The store as logical names see it: the wrapper itself, or a new one around a physical store. */
export function versionedReadStoreOf(store: ReadStore): VersionedReadStore {
  return store instanceof VersionedReadStore ? store : new VersionedReadStore(store);
}

/**
 * The MongoDB ReadStore: a thin mapping of the port onto the `mongodb` driver, so that the
 * shared contract suite proves the embedded adapter behaves like the real thing.
 *
 * A projection batch (transaction()) is one MongoDB transaction where the server has them (a
 * replica set or a sharded cluster): every operation of the batch carries its session, found
 * through AsyncLocalStorage, so readers never see half a batch and a crash leaves none of it.
 * A standalone server has no transactions: batches are then written in order as before,
 * which the projectors' idempotence repairs on redelivery, and a log line says so.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import {
  type AnyBulkWriteOperation,
  type ClientSession,
  type Db,
  type Collection as DriverCollection,
  type Document as DriverDocument,
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  type UpdateFilter,
} from 'mongodb';
import { createLogger, type Logger } from '../logger.ts';
import {
  type BulkOperation,
  type BulkWriteOptions,
  type Collection,
  type Document,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type LooseDocument,
  type ReadStore,
  supportedUpdate,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from './read-store.ts';

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

export class MongoReadStore implements ReadStore {
  readonly adapterName = 'mongodb';
  /**
   * A few thousand documents a transaction: a rebuild's batch of 50,000 events written in one
   * outlived `transactionLifetimeLimitSeconds` (60 s by default) or the cache, and the abort,
   * labelled transient, made withTransaction run it again until its 120 s were spent.
   */
  readonly transactionDocumentLimit = 4_000;
  /** The session of the transaction the current async context runs in, if any. */
  private readonly sessions = new AsyncLocalStorage<ClientSession>();
  /** Whether the server runs transactions: asked once, at the first batch. */
  private transactions: Promise<boolean> | undefined;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** false for the process's shared client, which its owner closes (issue #19 item 15). */
    private readonly ownsClient = true,
    private readonly logger: Pick<Logger, 'warn'> = createLogger('read-store'),
  ) {}

  /** The options every client of ours is made with. */
  static readonly clientOptions = {
    // an undefined field is dropped, as JSON (the embedded store) drops it
    ignoreUndefined: true,
  } as const;

  static async connect(url: string, dbName: string, logger?: Pick<Logger, 'warn'>): Promise<MongoReadStore> {
    // refused before connecting: the driver refuses it only once connected, and the client leaked
    const refusal = databaseNameRefusal(dbName);
    if (refusal) throw new Error(refusal);
    const client = await MongoClient.connect(url, MongoReadStore.clientOptions);
    try {
      return new MongoReadStore(client, client.db(dbName), true, logger);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  /** A read store on a client the process shares with its other stores; closing the store leaves the client open. */
  static on(client: MongoClient, dbName: string, logger?: Pick<Logger, 'warn'>): MongoReadStore {
    const refusal = databaseNameRefusal(dbName);
    if (refusal) throw new Error(refusal);
    return new MongoReadStore(client, client.db(dbName), false, logger);
  }

  collection<T extends Document = LooseDocument>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection<DriverDocument>(name), () => this.sessions.getStore());
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    const names: string[] = [];
    for (const { name } of infos) {
      if (name.startsWith('system.')) continue;
      const one = await this.db.collection(name).findOne({}, { projection: { _id: 1 } });
      if (one) names.push(name);
    }
    return names.sort();
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.collection(name).drop();
    } catch (error) {
      // Older servers refuse to drop what does not exist; "already gone" is what we wanted.
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
  }

  async ensureIndexes(name: string, indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length > 0) await this.db.collection(name).createIndexes(indexes.map((key) => ({ key })));
  }

  /**
   * One MongoDB transaction: the driver's withTransaction commits it, and on a transient
   * error (a failover, a write conflict) runs `work` again from the start, which the port
   * allows. Without transactions on the server, `work` runs as it is.
   */
  async transaction<R>(work: () => Promise<R>): Promise<R> {
    if (!(await this.runsTransactions())) return work();
    const session = this.client.startSession();
    try {
      return await session.withTransaction(() => this.sessions.run(session, work));
    } finally {
      await session.endSession();
    }
  }

  /** Whether the server runs transactions (transactionsIn its `hello`). */
  private runsTransactions(): Promise<boolean> {
    this.transactions ??= this.db.command({ hello: 1 }).then((hello) => {
      const supported = transactionsIn(hello);
      if (!supported)
        this.logger.warn(
          'MongoDB is a standalone server, which has no transactions: each projection batch is written in order without one (readers may see part of a batch; after a crash the projectors redo it). Run a replica set (one member is enough) for atomic batches.',
        );
      return supported;
    });
    // asked again at the next batch if the server could not be asked
    this.transactions.catch(() => (this.transactions = undefined));
    return this.transactions;
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  async destroy(): Promise<void> {
    try {
      await this.db.dropDatabase();
    } finally {
      await this.client.close();
    }
  }
}

/** MongoDB's rules for a database name (any platform): none of these characters, under 64 bytes. */
const FORBIDDEN_IN_DATABASE_NAME = /[/\\. "$*<>:|?\0]/;
const DATABASE_NAME_MAX_BYTES = 63;

/** Why MongoDB would refuse this database name, or null when it is fine. */
export function databaseNameRefusal(name: string): string | null {
  if (name === '') return 'A MongoDB database name cannot be empty';
  const forbidden = FORBIDDEN_IN_DATABASE_NAME.exec(name);
  if (forbidden)
    return `The MongoDB database name "${name}" contains "${forbidden[0] === '\0' ? '\\0' : forbidden[0]}", which MongoDB refuses (/\\. "$*<>:|? and NUL)`;
  if (Buffer.byteLength(name) > DATABASE_NAME_MAX_BYTES)
    return `The MongoDB database name "${name}" is longer than ${DATABASE_NAME_MAX_BYTES} bytes`;
  return null;
}

/**
 * A database beside `base` for a scratch store (verify, a replay as of a time): the label's
 * characters MongoDB refuses in a name (the dots and colons of an ISO time) become "_", and a
 * name too long keeps a digest of the whole so two labels never meet.
 */
export function scratchDatabaseName(base: string, label: string): string {
  const name = `${base}_${label}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (name.length <= DATABASE_NAME_MAX_BYTES) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 12);
  return `${name.slice(0, DATABASE_NAME_MAX_BYTES - digest.length - 1)}_${digest}`;
}

class MongoCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly driver: DriverCollection<DriverDocument>,
    private readonly sessionOf: () => ClientSession | undefined,
  ) {}

  /** The options every operation passes: the transaction's session, inside one. */
  private inSession<O extends object>(options?: O): O & { session?: ClientSession } {
    const session = this.sessionOf();
    return (session ? { ...options, session } : { ...options }) as O & { session?: ClientSession };
  }

  async findOne(filter: Filter, options: FindOptions = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const cursor = this.driver.find(filter, this.inSession());
    if (options.sort) cursor.sort(options.sort);
    if (options.skip) cursor.skip(options.skip);
    if (options.limit) cursor.limit(options.limit);
    if (options.projection) cursor.project(options.projection);
    return (await cursor.toArray()) as unknown as T[];
  }

  /**
   * Without a filter, the count the collection's metadata keeps (estimatedDocumentCount): a
   * countDocuments({}) is an aggregation that walks every document, and the public statistics
   * count whole collections on every cache miss. The metadata may be off after an unclean
   * shutdown until the collection is validated; a figure shown to visitors can live with that.
   */
  async countDocuments(filter: Filter = {}): Promise<number> {
    // (a transaction cannot run the count command estimatedDocumentCount uses)
    if (Object.keys(filter).length === 0 && !this.sessionOf()) return this.driver.estimatedDocumentCount();
    return this.driver.countDocuments(filter, this.inSession());
  }

  async insertOne(document: T): Promise<void> {
    await this.translated(() => this.driver.insertOne(document as DriverDocument, this.inSession()));
  }

  async replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    let document = replacement;
    if (upsert && !('_id' in filter) && replacement._id === undefined) {
      // The replacement must carry the matched document's _id (it is immutable), or a fresh
      // string one if nothing matches; otherwise the server would invent an ObjectId.
      const existing = await this.driver.findOne(filter, this.inSession({ projection: { _id: 1 } }));
      document = { ...replacement, _id: existing?._id ?? randomUUID() };
    }
    return counts(await this.translated(() => this.driver.replaceOne(filter, document, this.inSession({ upsert }))));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    return counts(
      await this.translated(() =>
        this.driver.updateOne(filter, withStringIdOnInsert(filter, update, upsert), this.inSession({ upsert })),
      ),
    );
  }

  async updateMany(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    return counts(
      await this.translated(() =>
        this.driver.updateMany(filter, withStringIdOnInsert(filter, update, upsert), this.inSession({ upsert })),
      ),
    );
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.driver.deleteOne(filter, this.inSession());
    return { deletedCount };
  }

  async deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.driver.deleteMany(filter, this.inSession());
    return { deletedCount };
  }

  async bulkWrite(operations: BulkOperation<T>[], { ordered = true }: BulkWriteOptions = {}): Promise<void> {
    if (operations.length === 0) return; // the driver refuses an empty batch
    const driverOperations = operations.map((op): AnyBulkWriteOperation<DriverDocument> => {
      if ('updateOne' in op) {
        const { filter, update, upsert = false } = op.updateOne;
        return { updateOne: { filter, update: withStringIdOnInsert(filter, update, upsert), upsert } };
      }
      if ('updateMany' in op) {
        const { filter, update, upsert = false } = op.updateMany;
        return { updateMany: { filter, update: withStringIdOnInsert(filter, update, upsert), upsert } };
      }
      return op as AnyBulkWriteOperation<DriverDocument>;
    });
    await this.translated(() => this.driver.bulkWrite(driverOperations, this.inSession({ ordered })));
  }

  /** Turns the server's duplicate key error (code 11000) into the port's DuplicateKeyError. */
  private async translated<R>(write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
        throw new DuplicateKeyError(this.driver.collectionName, duplicateId(error));
      }
      throw error;
    }
  }
}

/** The duplicated _id, wherever this kind of write reports it. */
function duplicateId(error: MongoServerError): string {
  if (error.keyValue?._id !== undefined) return String(error.keyValue._id);
  const writeError = error instanceof MongoBulkWriteError ? [error.writeErrors].flat()[0] : undefined;
  const operation = writeError?.getOperation();
  const id = operation?._id ?? operation?.q?._id ?? /dup key: \{ _id: "(.*)" \}/.exec(error.message)?.[1];
  return String(id);
}

function counts(result: { matchedCount: number; modifiedCount: number; upsertedCount: number }): UpdateResult {
  const { matchedCount, modifiedCount, upsertedCount } = result;
  return { matchedCount, modifiedCount, upsertedCount };
}

/**
 * Documents have string ids. An upsert whose filter does not name the _id would get an
 * ObjectId from the server, so a string id is supplied on insert, as the embedded store does.
 */
function withStringIdOnInsert(filter: Filter, update: Update, upsert: boolean): UpdateFilter<DriverDocument> {
  const checked = supportedUpdate(update) as UpdateFilter<DriverDocument>;
  if (!upsert || '_id' in filter) return checked;
  return { ...checked, $setOnInsert: { _id: randomUUID() } } as UpdateFilter<DriverDocument>;
}

/** A replica set member or a mongos runs transactions; a standalone server does not (its `hello` names no set). */
export function transactionsIn(hello: { setName?: unknown; msg?: unknown }): boolean {
  return typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
}

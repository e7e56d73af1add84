import { type Collection, type Db, MongoClient, MongoServerError } from 'mongodb';
import type { Snapshot, SnapshotStore, StoredSnapshot } from './snapshot-store.ts';

const DUPLICATE_KEY = 11000;

interface SnapshotDocument {
  _id: string;
  covers: number;
  version: number;
  /** As JSON text: a state's keys are the fold's own and need not be valid MongoDB field names. */
  state: string;
  /** The deployment's signature (SignedSnapshotStore), when it was given one. */
  signature?: string;
}

/** Snapshots as documents of the `snapshots` collection in the deployment's MongoDB database. */
export class MongoSnapshotStore implements SnapshotStore {
  readonly adapterName = 'mongodb';
  private readonly snapshots: Collection<SnapshotDocument>;

  constructor(
    db: Db,
    /** Closed with the store when the store opened it. */
    private readonly ownClient?: MongoClient,
  ) {
    this.snapshots = db.collection<SnapshotDocument>('snapshots');
  }

  static async connect(url: string, dbName: string): Promise<MongoSnapshotStore> {
    const client = await MongoClient.connect(url);
    return new MongoSnapshotStore(client.db(dbName), client);
  }

  async load<State>(key: string): Promise<Snapshot<State> | null> {
    const found = await this.snapshots.findOne({ _id: key });
    return found ? snapshotOf<State>(found) : null;
  }

  async save<State>(key: string, { covers, version, state, signature }: Snapshot<State>): Promise<void> {
    const written = { covers, version, state: JSON.stringify(state) };
    try {
      // matches only a snapshot that covers less; none matching and one existing is a duplicate _id
      await this.snapshots.updateOne(
        { _id: key, covers: { $lte: covers } },
        signature === undefined ? { $set: written, $unset: { signature: '' } } : { $set: { ...written, signature } },
        { upsert: true },
      );
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return; // a further one is saved
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.snapshots.deleteOne({ _id: key });
  }

  async *entries(): AsyncIterable<StoredSnapshot> {
    for await (const found of this.snapshots.find({}).sort({ _id: 1 }))
      yield { key: found._id, snapshot: snapshotOf(found) };
  }

  async close(): Promise<void> {
    await this.ownClient?.close();
  }
}

function snapshotOf<State>(found: SnapshotDocument): Snapshot<State> {
  const snapshot: Snapshot<State> = {
    covers: found.covers,
    version: found.version,
    state: JSON.parse(found.state) as State,
  };
  if (found.signature !== undefined) snapshot.signature = found.signature;
  return snapshot;
}

import { MongoClient, MongoServerError, type Collection, type Db } from 'mongodb';
import type { Snapshot, SnapshotStore } from './snapshot-store.ts';

const DUPLICATE_KEY = 11000;

interface SnapshotDocument {
  _id: string;
  covers: number;
  version: number;
  /** As JSON text: a state's keys are the fold's own and need not be valid MongoDB field names. */
  state: string;
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
    return found ? { covers: found.covers, version: found.version, state: JSON.parse(found.state) as State } : null;
  }

  async save<State>(key: string, { covers, version, state }: Snapshot<State>): Promise<void> {
    try {
      // matches only a snapshot that covers less; none matching and one existing is a duplicate _id
      await this.snapshots.updateOne(
        { _id: key, covers: { $lte: covers } },
        { $set: { covers, version, state: JSON.stringify(state) } },
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

  async close(): Promise<void> {
    await this.ownClient?.close();
  }
}

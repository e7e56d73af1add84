import { type Binary, type Db, MongoClient } from 'mongodb';
import { newPersonEntry, type PersonalKeys, type PersonEntry } from './personal-keys.ts';

interface PersonDocument {
  _id: string;
  pseudonym: string;
  key: Binary;
}

const COLLECTION = 'personal_keys';

/**
 * The key store as a MongoDB collection beside the read models (MONGODB_URL set). A forgotten
 * entry is deleted; MongoDB's own storage reuses the space (an operator who needs the freed
 * blocks gone runs `compact`, docs/privacy.md).
 */
export class MongoPersonalKeys implements PersonalKeys {
  readonly adapterName = 'mongodb';
  private ready: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    /** A client of its own (a test, a CLI), closed with the store; the services share theirs. */
    private readonly ownClient?: MongoClient,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoPersonalKeys> {
    const client = await MongoClient.connect(url);
    return new MongoPersonalKeys(client.db(dbName), client);
  }

  private collection() {
    const collection = this.db.collection<PersonDocument>(COLLECTION);
    this.ready ??= collection.createIndex({ pseudonym: 1 }, { unique: true });
    return this.ready.then(() => collection);
  }

  async entriesFor(persons: readonly string[]): Promise<Map<string, PersonEntry>> {
    const wanted = [...new Set(persons)];
    const entries = new Map<string, PersonEntry>();
    if (wanted.length === 0) return entries;
    const collection = await this.collection();
    const found = async () => {
      for (const document of await collection.find({ _id: { $in: wanted } }).toArray())
        entries.set(document._id, toEntry(document));
    };
    await found();
    const missing = wanted.filter((person) => !entries.has(person));
    if (missing.length > 0) {
      // an upsert that only inserts: a racing writer's entry, made first, is kept
      await collection.bulkWrite(
        missing.map((person) => {
          const entry = newPersonEntry(person);
          return {
            updateOne: {
              filter: { _id: person },
              update: { $setOnInsert: { pseudonym: entry.pseudonym, key: entry.key as unknown as Binary } },
              upsert: true,
            },
          };
        }),
        { ordered: false },
      );
      await found();
    }
    return entries;
  }

  async find(person: string): Promise<PersonEntry | null> {
    const document = await (await this.collection()).findOne({ _id: person });
    return document ? toEntry(document) : null;
  }

  async keysOf(pseudonyms: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    if (pseudonyms.length === 0) return keys;
    const collection = await this.collection();
    for (const document of await collection.find({ pseudonym: { $in: [...new Set(pseudonyms)] } }).toArray())
      keys.set(document.pseudonym, Buffer.from(document.key.buffer));
    return keys;
  }

  async forget(person: string): Promise<boolean> {
    const { deletedCount } = await (await this.collection()).deleteOne({ _id: person });
    return deletedCount > 0;
  }

  async close(): Promise<void> {
    await this.ownClient?.close();
  }
}

function toEntry(document: PersonDocument): PersonEntry {
  return { person: document._id, pseudonym: document.pseudonym, key: Buffer.from(document.key.buffer) };
}

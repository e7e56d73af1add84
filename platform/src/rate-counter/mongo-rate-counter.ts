import { MongoClient, MongoServerError, type Collection, type Document } from 'mongodb';
import type { RateCounter, RateWindow } from './rate-counter.ts';

export const RATE_WINDOWS_COLLECTION = 'rate_windows';

interface WindowDocument extends Document {
  _id: string;
  count: number;
  /** When the window ends; the TTL index removes the document after it. */
  endsAt: Date;
}

/**
 * The update of one hit, as one pipeline so that MongoDB applies it atomically on the
 * server: a window that has ended (or none yet: a missing field compares lowest) restarts at
 * 1 and ends `windowMs` from now; a running one counts on.
 */
export function hitPipeline(windowMs: number, now: number): Document[] {
  const running = { $gt: ['$endsAt', new Date(now)] };
  return [
    {
      $set: {
        count: { $cond: [running, { $add: ['$count', 1] }, 1] },
        endsAt: { $cond: [running, '$endsAt', new Date(now + windowMs)] },
      },
    },
  ];
}

/**
 * Per-client counts shared by every replica through the deployment's MongoDB: one atomic
 * findOneAndUpdate per hit, and a TTL index on the window's end so that ended windows are
 * removed by the server (its TTL monitor runs every minute): the collection holds at most
 * about two minutes of distinct clients.
 */
export class MongoRateCounter implements RateCounter {
  readonly adapterName = 'mongodb';
  private indexed: Promise<unknown> | undefined;

  constructor(
    private readonly windows: Collection<WindowDocument>,
    private readonly client?: MongoClient,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoRateCounter> {
    const client = await MongoClient.connect(url);
    return new MongoRateCounter(client.db(dbName).collection<WindowDocument>(RATE_WINDOWS_COLLECTION), client);
  }

  async hit(key: string, windowMs: number, now: number): Promise<RateWindow> {
    this.indexed ??= this.windows.createIndex({ endsAt: 1 }, { expireAfterSeconds: 0, name: 'window_end_ttl' });
    await this.indexed;
    // two first hits of one key at once: one inserts, the other meets the duplicate key and counts on it
    for (let attempt = 1; ; attempt++) {
      try {
        const window = await this.windows.findOneAndUpdate({ _id: key }, hitPipeline(windowMs, now), {
          upsert: true,
          returnDocument: 'after',
        });
        if (!window) throw new Error(`the rate window of ${key} was not returned`);
        return { count: window.count, endsAt: window.endsAt.getTime() };
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 11000) || attempt >= 3) throw error;
      }
    }
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}

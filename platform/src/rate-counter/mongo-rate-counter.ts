import { MongoServerError, type Collection, type Db, type Document } from 'mongodb';
import { RATE_COUNTER_CAP, noWindowLeft, type RateCounter, type RateWindow } from './rate-counter.ts';

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

/** How long a count of the live windows is trusted (other replicas start windows too). */
const RECOUNT_MS = 1_000;

/**
 * Per-client counts shared by every replica through the deployment's MongoDB: one atomic
 * findOneAndUpdate per hit, and a TTL index on the window's end so that ended windows are
 * removed by the server (its TTL monitor runs every minute).
 *
 * A live window is never removed. A key without one costs a second call; the live windows
 * are counted (up to the cap, on the TTL index) at most once a second, and this process adds
 * the windows it starts in between: at the cap a new key is refused until a window ends.
 */
export class MongoRateCounter implements RateCounter {
  readonly adapterName = 'mongodb';
  private indexed: Promise<unknown> | undefined;
  /** Live windows at the last count, plus the windows this process started since. */
  private liveWindows = 0;
  private countedAt = Number.NEGATIVE_INFINITY;
  private fullUntil = 0;
  private firstEnd = 0;

  constructor(
    private readonly windows: Collection<WindowDocument>,
    private readonly cap = RATE_COUNTER_CAP,
  ) {}

  /** The counter in the deployment's database, on the process's shared client (issue #19 item 15). */
  static in(db: Db, cap?: number): MongoRateCounter {
    return new MongoRateCounter(db.collection<WindowDocument>(RATE_WINDOWS_COLLECTION), cap);
  }

  async hit(key: string, windowMs: number, now: number): Promise<RateWindow> {
    await this.ensureIndexed();
    const running = await this.windows.findOneAndUpdate({ _id: key }, hitPipeline(windowMs, now), {
      upsert: false,
      returnDocument: 'after',
    });
    if (running) return { count: running.count, endsAt: running.endsAt.getTime() };
    if (await this.full(now)) return noWindowLeft(this.firstEnd);
    this.liveWindows += 1;
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

  /**
   * The TTL index, made once per process. A failure (no primary yet, a network blip) is not
   * remembered: the next hit tries again (issue #19 item 11: a rejected promise kept, every
   * sign-in of that replica answered 500 until a restart).
   */
  private ensureIndexed(): Promise<unknown> {
    this.indexed ??= this.windows
      .createIndex({ endsAt: 1 }, { expireAfterSeconds: 0, name: 'window_end_ttl' })
      .catch((error: unknown) => {
        this.indexed = undefined;
        throw error;
      });
    return this.indexed;
  }

  /** Whether no window may start now: the live windows counted again when the running count is stale or at the cap. */
  private async full(now: number): Promise<boolean> {
    if (now < this.fullUntil) return true;
    if (this.liveWindows < this.cap && now - this.countedAt < RECOUNT_MS) return false;
    const live = { endsAt: { $gt: new Date(now) } };
    this.liveWindows = await this.windows.countDocuments(live, { limit: this.cap });
    this.countedAt = now;
    if (this.liveWindows < this.cap) return false;
    const first = await this.windows.findOne(live, { sort: { endsAt: 1 }, projection: { endsAt: 1 } });
    this.firstEnd = first?.endsAt.getTime() ?? now + RECOUNT_MS;
    this.fullUntil = Math.min(this.firstEnd, now + RECOUNT_MS);
    return true;
  }

  /** The client is the process's: whoever made it closes it. */
  async close(): Promise<void> {}
}

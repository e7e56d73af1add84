import { type Collection, type Db, type Document, MongoServerError } from 'mongodb';
import {
  noWindowLeft,
  RATE_COUNTER_CAP,
  type RateCounter,
  RateShares,
  type RateWindow,
  WHOLE_TABLE,
} from './rate-counter.ts';

export const RATE_WINDOWS_COLLECTION = 'rate_windows';

interface WindowDocument extends Document {
  _id: string;
  /** The limit's share of the table the window counts in. */
  share: string;
  count: number;
  /** When the window ends; the TTL index removes the document after it. */
  endsAt: Date;
}

/**
 * The update of one hit, as one pipeline so that MongoDB applies it atomically on the
 * server: a window that has ended (or none yet: a missing field compares lowest) restarts at
 * 1 and ends `windowMs` from now; a running one counts on.
 */
export function hitPipeline(windowMs: number, now: number, share = WHOLE_TABLE): Document[] {
  const running = { $gt: ['$endsAt', new Date(now)] };
  return [
    {
      $set: {
        share: { $ifNull: ['$share', { $literal: share }] },
        count: { $cond: [running, { $add: ['$count', 1] }, 1] },
        endsAt: { $cond: [running, '$endsAt', new Date(now + windowMs)] },
      },
    },
  ];
}

/** How long a count of a share's live windows is trusted (other replicas start windows too). */
const RECOUNT_MS = 1_000;

/** What this process knows of one share's live windows. */
interface ShareCount {
  /** Live windows at the last count, plus the windows this process started since. */
  live: number;
  countedAt: number;
  fullUntil: number;
  firstEnd: number;
}

/**
 * Per-client counts shared by every replica through the deployment's MongoDB: one atomic
 * findOneAndUpdate per hit, and a TTL index on the window's end so that ended windows are
 * removed by the server (its TTL monitor runs every minute).
 *
 * A live window is never removed. A key without one costs a second call; the live windows of
 * its share are counted (up to the share's cap, on the share's index) at most once a second,
 * and this process adds the windows it starts in between: at the share's cap a new key is
 * refused until one of its windows ends.
 */
export class MongoRateCounter implements RateCounter {
  readonly adapterName = 'mongodb';
  private indexed: Promise<unknown> | undefined;
  private readonly shares: RateShares;
  private readonly counts = new Map<string, ShareCount>();

  constructor(
    private readonly windows: Collection<WindowDocument>,
    cap = RATE_COUNTER_CAP,
  ) {
    this.shares = new RateShares(cap);
  }

  /** The counter in the deployment's database, on the process's shared client (issue #19 item 15). */
  static in(db: Db, cap?: number): MongoRateCounter {
    return new MongoRateCounter(db.collection<WindowDocument>(RATE_WINDOWS_COLLECTION), cap);
  }

  declareShare(share: string): void {
    this.shares.declare(share);
  }

  async hit(key: string, windowMs: number, now: number, share = WHOLE_TABLE): Promise<RateWindow> {
    await this.ensureIndexed();
    const running = await this.windows.findOneAndUpdate({ _id: key }, hitPipeline(windowMs, now, share), {
      upsert: false,
      returnDocument: 'after',
    });
    if (running) return { count: running.count, endsAt: running.endsAt.getTime() };
    const count = this.countOf(share);
    if (await this.full(share, count, now)) return noWindowLeft(count.firstEnd);
    count.live += 1;
    // two first hits of one key at once: one inserts, the other meets the duplicate key and counts on it
    for (let attempt = 1; ; attempt++) {
      try {
        const window = await this.windows.findOneAndUpdate({ _id: key }, hitPipeline(windowMs, now, share), {
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

  async peek(key: string, now: number): Promise<RateWindow | undefined> {
    const window = await this.windows.findOne({ _id: key, endsAt: { $gt: new Date(now) } });
    return window ? { count: window.count, endsAt: window.endsAt.getTime() } : undefined;
  }

  private countOf(share: string): ShareCount {
    let count = this.counts.get(share);
    if (!count) {
      count = { live: 0, countedAt: Number.NEGATIVE_INFINITY, fullUntil: 0, firstEnd: 0 };
      this.counts.set(share, count);
    }
    return count;
  }

  /**
   * The TTL index, made once per process. A failure (no primary yet, a network blip) is not
   * remembered: the next hit tries again (issue #19 item 11: a rejected promise kept, every
   * sign-in of that replica answered 500 until a restart).
   */
  private ensureIndexed(): Promise<unknown> {
    this.indexed ??= Promise.all([
      this.windows.createIndex({ endsAt: 1 }, { expireAfterSeconds: 0, name: 'window_end_ttl' }),
      this.windows.createIndex({ share: 1, endsAt: 1 }, { name: 'share_window_end' }),
    ]).catch((error: unknown) => {
      this.indexed = undefined;
      throw error;
    });
    return this.indexed;
  }

  /** Whether no window may start in `share` now: its live windows counted again when the running count is stale or at the cap. */
  private async full(share: string, count: ShareCount, now: number): Promise<boolean> {
    if (now < count.fullUntil) return true;
    const cap = this.shares.capOf(share);
    if (count.live < cap && now - count.countedAt < RECOUNT_MS) return false;
    const live = { share, endsAt: { $gt: new Date(now) } };
    count.live = await this.windows.countDocuments(live, { limit: cap });
    count.countedAt = now;
    count.fullUntil = 0;
    if (count.live < cap) return false;
    const first = await this.windows.findOne(live, { sort: { endsAt: 1 }, projection: { endsAt: 1 } });
    count.firstEnd = first?.endsAt.getTime() ?? now + RECOUNT_MS;
    count.fullUntil = Math.min(count.firstEnd, now + RECOUNT_MS);
    return true;
  }

  /** The client is the process's: whoever made it closes it. */
  async close(): Promise<void> {}
}

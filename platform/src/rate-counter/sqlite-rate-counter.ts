import Database from 'better-sqlite3';
import {
  noWindowLeft,
  RATE_COUNTER_CAP,
  type RateCounter,
  RateShares,
  type RateWindow,
  WHOLE_TABLE,
} from './rate-counter.ts';

/** Hits between two sweeps of ended windows (a sweep is one indexed DELETE and a count per share). */
const SWEEP_EVERY = 1_000;
/** How long a count of a share's live windows is trusted (other processes start windows too). */
const RECOUNT_MS = 1_000;

/** What this process knows of one share's live windows. */
interface ShareCount {
  /** Live windows at the last count, plus the windows this process started since. */
  live: number;
  countedAt: number;
  /** Full at the last count: new keys are refused until then without counting again. */
  fullUntil: number;
  firstEnd: number;
}

/**
 * Per-client counts shared by every process on one DATA_DIR (two command-services behind the
 * proxy count one client once). One statement per hit, atomic in SQLite whichever process
 * makes it; the file holds counters only, so it is not made durable: a power cut forgets at
 * most the last minute of counts, which is what a window forgets anyway.
 *
 * A live window is never deleted. How many a share holds is counted at each sweep and at
 * most once a second while new keys come to it, and this process adds the windows it starts
 * in between: at the share's cap a new key is refused until one of its windows ends.
 */
export class SqliteRateCounter implements RateCounter {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly shares: RateShares;
  private readonly countOn: Database.Statement<{ key: string; now: number; endsAt: number }, [number, number]>;
  private readonly upsert: Database.Statement<
    { key: string; share: string; now: number; endsAt: number },
    [number, number]
  >;
  private readonly sweepEnded: Database.Statement<[number]>;
  private readonly liveByShare: Database.Statement<[number], [string, number, number]>;
  private readonly liveInShare: Database.Statement<[string, number], [number, number | null]>;
  private readonly running: Database.Statement<[string, number], [number, number]>;
  private hitsSinceSweep = 0;
  private readonly counts = new Map<string, ShareCount>();

  constructor(file: string, cap = RATE_COUNTER_CAP) {
    this.shares = new RateShares(cap);
    this.db = new Database(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = OFF');
    // a file of an earlier version has no shares: its windows are only counts, dropped at once
    const columns = this.db.prepare('PRAGMA table_info(rate_windows)').all() as { name: string }[];
    if (columns.length > 0 && !columns.some((column) => column.name === 'share'))
      this.db.exec('DROP TABLE rate_windows');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS rate_windows (
        key     TEXT    PRIMARY KEY,
        share   TEXT    NOT NULL,
        ends_at INTEGER NOT NULL,
        count   INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS rate_windows_by_end ON rate_windows (ends_at);
      CREATE INDEX IF NOT EXISTS rate_windows_by_share ON rate_windows (share, ends_at);
    `);
    // the SET expressions read the row as it was: an ended window restarts at 1
    const counting = `count   = CASE WHEN ends_at <= @now THEN 1 ELSE count + 1 END,
           ends_at = CASE WHEN ends_at <= @now THEN @endsAt ELSE ends_at END`;
    this.countOn = this.db
      .prepare<{ key: string; now: number; endsAt: number }, [number, number]>(
        `UPDATE rate_windows SET ${counting} WHERE key = @key RETURNING count, ends_at`,
      )
      .raw();
    // another process may have made the key's window since the UPDATE found none
    this.upsert = this.db
      .prepare<{ key: string; share: string; now: number; endsAt: number }, [number, number]>(
        `INSERT INTO rate_windows (key, share, ends_at, count) VALUES (@key, @share, @endsAt, 1)
         ON CONFLICT (key) DO UPDATE SET ${counting}
         RETURNING count, ends_at`,
      )
      .raw();
    this.sweepEnded = this.db.prepare<[number]>('DELETE FROM rate_windows WHERE ends_at <= ?');
    this.liveByShare = this.db
      .prepare<[number], [string, number, number]>(
        'SELECT share, count(*), min(ends_at) FROM rate_windows WHERE ends_at > ? GROUP BY share',
      )
      .raw();
    this.liveInShare = this.db
      .prepare<[string, number], [number, number | null]>(
        'SELECT count(*), min(ends_at) FROM rate_windows WHERE share = ? AND ends_at > ?',
      )
      .raw();
    this.running = this.db
      .prepare<[string, number], [number, number]>(
        'SELECT count, ends_at FROM rate_windows WHERE key = ? AND ends_at > ?',
      )
      .raw();
  }

  declareShare(share: string): void {
    this.shares.declare(share);
  }

  async hit(key: string, windowMs: number, now: number, share = WHOLE_TABLE): Promise<RateWindow> {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) this.sweep(now);
    const params = { key, now, endsAt: now + windowMs };
    const running = this.countOn.get(params);
    if (running) return { count: running[0], endsAt: running[1] };
    const count = this.countOf(share);
    if (this.full(share, count, now)) return noWindowLeft(count.firstEnd);
    count.live += 1;
    const [hits, endsAt] = this.upsert.get({ ...params, share })!;
    return { count: hits, endsAt };
  }

  async peek(key: string, now: number): Promise<RateWindow | undefined> {
    const window = this.running.get(key, now);
    return window ? { count: window[0], endsAt: window[1] } : undefined;
  }

  private countOf(share: string): ShareCount {
    let count = this.counts.get(share);
    if (!count) {
      count = { live: 0, countedAt: Number.NEGATIVE_INFINITY, fullUntil: 0, firstEnd: 0 };
      this.counts.set(share, count);
    }
    return count;
  }

  /** Whether no window may start in `share` now: its live windows counted again when the running count is stale or at the cap. */
  private full(share: string, count: ShareCount, now: number): boolean {
    if (now < count.fullUntil) return true;
    const cap = this.shares.capOf(share);
    if (count.live < cap && now - count.countedAt < RECOUNT_MS) return false;
    const [live, firstEnd] = this.liveInShare.get(share, now)!;
    Object.assign(count, { live, countedAt: now, firstEnd: firstEnd ?? now, fullUntil: 0 });
    if (live < cap) return false;
    count.fullUntil = Math.min(count.firstEnd, now + RECOUNT_MS);
    return true;
  }

  /** Drops ended windows and counts the live ones of every share. */
  sweep(now: number): void {
    this.hitsSinceSweep = 0;
    this.sweepEnded.run(now);
    for (const count of this.counts.values()) Object.assign(count, { live: 0, countedAt: now, fullUntil: 0 });
    for (const [share, live, firstEnd] of this.liveByShare.all(now))
      Object.assign(this.countOf(share), { live, countedAt: now, firstEnd, fullUntil: 0 });
  }

  /** How many windows the file holds (tests read it). */
  size(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM rate_windows').get() as { n: number }).n;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

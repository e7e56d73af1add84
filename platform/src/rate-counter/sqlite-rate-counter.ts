import Database from 'better-sqlite3';
import { RATE_COUNTER_CAP, noWindowLeft, type RateCounter, type RateWindow } from './rate-counter.ts';

/** Hits between two sweeps of ended windows (a sweep is one indexed DELETE and a count). */
const SWEEP_EVERY = 1_000;
/** How long a count of the live windows is trusted (other processes start windows too). */
const RECOUNT_MS = 1_000;

/**
 * Per-client counts shared by every process on one DATA_DIR (two command-services behind the
 * proxy count one client once). One statement per hit, atomic in SQLite whichever process
 * makes it; the file holds counters only, so it is not made durable: a power cut forgets at
 * most the last minute of counts, which is what a window forgets anyway.
 *
 * A live window is never deleted. How many are live is counted at each sweep and at most
 * once a second while new keys come, and this process adds the windows it starts in between:
 * at the cap a new key is refused until a window ends.
 */
export class SqliteRateCounter implements RateCounter {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly countOn: Database.Statement<{ key: string; now: number; endsAt: number }, [number, number]>;
  private readonly upsert: Database.Statement<{ key: string; now: number; endsAt: number }, [number, number]>;
  private readonly sweepEnded: Database.Statement<[number]>;
  private readonly live: Database.Statement<[number], [number, number | null]>;
  private hitsSinceSweep = 0;
  /** Live windows at the last count, plus the windows this process started since. */
  private liveWindows = 0;
  private countedAt = Number.NEGATIVE_INFINITY;
  /** Full at the last count: new keys are refused until then without counting again. */
  private fullUntil = 0;
  private firstEnd = 0;

  constructor(
    file: string,
    private readonly cap = RATE_COUNTER_CAP,
  ) {
    this.db = new Database(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = OFF');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS rate_windows (
        key     TEXT    PRIMARY KEY,
        ends_at INTEGER NOT NULL,
        count   INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS rate_windows_by_end ON rate_windows (ends_at);
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
      .prepare<{ key: string; now: number; endsAt: number }, [number, number]>(
        `INSERT INTO rate_windows (key, ends_at, count) VALUES (@key, @endsAt, 1)
         ON CONFLICT (key) DO UPDATE SET ${counting}
         RETURNING count, ends_at`,
      )
      .raw();
    this.sweepEnded = this.db.prepare<[number]>('DELETE FROM rate_windows WHERE ends_at <= ?');
    this.live = this.db
      .prepare<[number], [number, number | null]>('SELECT count(*), min(ends_at) FROM rate_windows WHERE ends_at > ?')
      .raw();
  }

  async hit(key: string, windowMs: number, now: number): Promise<RateWindow> {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) this.sweep(now);
    const params = { key, now, endsAt: now + windowMs };
    const running = this.countOn.get(params);
    if (running) return { count: running[0], endsAt: running[1] };
    if (this.full(now)) return noWindowLeft(this.firstEnd);
    this.liveWindows += 1;
    const [count, endsAt] = this.upsert.get(params)!;
    return { count, endsAt };
  }

  /** Whether no window may start now: the live windows counted again when the running count is stale or at the cap. */
  private full(now: number): boolean {
    if (now < this.fullUntil) return true;
    if (this.liveWindows < this.cap && now - this.countedAt < RECOUNT_MS) return false;
    this.sweep(now);
    if (this.liveWindows < this.cap) return false;
    this.fullUntil = Math.min(this.firstEnd, now + RECOUNT_MS);
    return true;
  }

  /** Drops ended windows and counts the live ones. */
  sweep(now: number): void {
    this.hitsSinceSweep = 0;
    this.sweepEnded.run(now);
    const [live, firstEnd] = this.live.get(now)!;
    this.liveWindows = live;
    this.countedAt = now;
    this.firstEnd = firstEnd ?? now;
    this.fullUntil = 0;
  }

  /** How many windows the file holds (tests read it). */
  size(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM rate_windows').get() as { n: number }).n;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

import Database from 'better-sqlite3';
import { RATE_COUNTER_CAP, type RateCounter, type RateWindow } from './rate-counter.ts';

/** Hits between two sweeps of ended windows (a sweep is one indexed DELETE). */
const SWEEP_EVERY = 1_000;

/**
 * Per-client counts shared by every process on one DATA_DIR (two command-services behind the
 * proxy count one client once). One upsert per hit, atomic in SQLite whichever process makes
 * it; the file holds counters only, so it is not made durable: a power cut forgets at most
 * the last minute of counts, which is what a window forgets anyway.
 */
export class SqliteRateCounter implements RateCounter {
  readonly adapterName = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly upsert: Database.Statement<{ key: string; now: number; endsAt: number }, [number, number]>;
  private readonly sweepEnded: Database.Statement<[number]>;
  private readonly dropOldest: Database.Statement<[number]>;
  private hitsSinceSweep = 0;

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
    this.upsert = this.db
      .prepare<{ key: string; now: number; endsAt: number }, [number, number]>(
        `INSERT INTO rate_windows (key, ends_at, count) VALUES (@key, @endsAt, 1)
         ON CONFLICT (key) DO UPDATE SET
           count   = CASE WHEN ends_at <= @now THEN 1 ELSE count + 1 END,
           ends_at = CASE WHEN ends_at <= @now THEN @endsAt ELSE ends_at END
         RETURNING count, ends_at`,
      )
      .raw();
    this.sweepEnded = this.db.prepare<[number]>('DELETE FROM rate_windows WHERE ends_at <= ?');
    this.dropOldest = this.db.prepare<[number]>(
      `DELETE FROM rate_windows WHERE key IN (
         SELECT key FROM rate_windows ORDER BY ends_at LIMIT max(0, (SELECT count(*) FROM rate_windows) - ?)
       )`,
    );
  }

  async hit(key: string, windowMs: number, now: number): Promise<RateWindow> {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) this.sweep(now);
    const [count, endsAt] = this.upsert.get({ key, now, endsAt: now + windowMs })!;
    return { count, endsAt };
  }

  /** Drops ended windows, then the oldest beyond the cap. */
  sweep(now: number): void {
    this.hitsSinceSweep = 0;
    this.sweepEnded.run(now);
    this.dropOldest.run(this.cap);
  }

  /** How many windows the file holds (tests read it). */
  size(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM rate_windows').get() as { n: number }).n;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/**
 * One client's fixed window: how many hits it holds so far, and when it ends (ms since the
 * epoch). A counter that holds its cap of live windows gives a new key none: it answers
 * `count: Infinity` (past every limit), ending when its first live window ends.
 */
export interface RateWindow {
  count: number;
  endsAt: number;
}

/**
 * Where per-client limits count (docs/architecture.md "Ports"): in memory for one process, or in
 * the deployment's store when several replicas must share one count per client (the
 * embedded SQLite file on one DATA_DIR, MongoDB). A window starts with a key's first hit and
 * lasts `windowMs`; the next hit after it starts a new one. Keys are short digests that
 * the caller made (never an address or a username), so nothing here needs protecting.
 */
export interface RateCounter {
  readonly adapterName: string;
  /**
   * Counts one hit for `key` at `now` and answers its window after the hit. A live window is
   * never dropped to make room for another (issue #19 item 1: a flood of made-up usernames
   * pushed out the windows of a guesser's spent limit): at the cap, a key without a live
   * window is refused instead (noWindowLeft).
   */
  hit(key: string, windowMs: number, now: number): Promise<RateWindow>;
  close(): Promise<void>;
}

/** Live windows a counter holds at most (RATE_LIMIT_WINDOWS): a flood cannot grow it. */
export const RATE_COUNTER_CAP = 50_000;

/** The answer for a key that gets no window because the counter is full: over every limit until `endsAt`. */
export function noWindowLeft(endsAt: number): RateWindow {
  return { count: Number.POSITIVE_INFINITY, endsAt };
}

/**
 * The counter of one process. A Map keeps insertion order, and an entry is re-inserted when
 * its window starts, so the first entries are the oldest windows: ended ones are dropped
 * from the front; a live one is never dropped, and at the cap a new key is refused.
 */
export class MemoryRateCounter implements RateCounter {
  readonly adapterName = 'memory';
  private readonly windows = new Map<string, RateWindow>();

  constructor(private readonly cap = RATE_COUNTER_CAP) {}

  async hit(key: string, windowMs: number, now: number): Promise<RateWindow> {
    return this.hitNow(key, windowMs, now);
  }

  /** The same, without a promise, for callers in a hot path. */
  hitNow(key: string, windowMs: number, now: number): RateWindow {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      this.forgetEnded(now);
      if (this.windows.size >= this.cap) return noWindowLeft(this.windows.values().next().value!.endsAt);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, endsAt: window.endsAt };
  }

  /** How many windows are held (tests and /metrics read it). */
  size(): number {
    return this.windows.size;
  }

  /** Drops ended windows from the front, up to the first live one (windows of one length end in the order they began). */
  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt > now) break;
      this.windows.delete(key);
    }
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** One client's fixed window: how many hits it holds so far, and when it ends (ms since the epoch). */
export interface RateWindow {
  count: number;
  endsAt: number;
}

/**
 * Where per-client limits count (ARCHITECTURE.md "Ports"): in memory for one process, or in
 * the deployment's store when several replicas must share one count per client (the
 * embedded SQLite file on one DATA_DIR, MongoDB). A window starts with a key's first hit and
 * lasts `windowMs`; the next hit after it starts a new one. Keys are short digests that
 * the caller made (never an address or a username), so nothing here needs protecting.
 */
export interface RateCounter {
  readonly adapterName: string;
  /** Counts one hit for `key` at `now` and answers its window after the hit. */
  hit(key: string, windowMs: number, now: number): Promise<RateWindow>;
  close(): Promise<void>;
}

/** Entries a counter keeps at most: beyond it the oldest windows go first (a flood cannot grow it). */
export const RATE_COUNTER_CAP = 50_000;

/**
 * The counter of one process. A Map keeps insertion order, and an entry is re-inserted when
 * its window starts, so the first entries are always the oldest windows: expired ones are
 * dropped from the front, and past the cap the oldest go, whatever the keys were.
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
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      this.forgetOld(now);
    }
    window.count += 1;
    return { count: window.count, endsAt: window.endsAt };
  }

  /** How many windows are held (tests and /metrics read it). */
  size(): number {
    return this.windows.size;
  }

  private forgetOld(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt > now && this.windows.size <= this.cap) break;
      this.windows.delete(key);
    }
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/**
 * One client's fixed window: how many hits it holds so far, and when it ends (ms since the
 * epoch). A counter whose share holds its cap of live windows gives a new key none: it
 * answers `count: Infinity` (past every limit), ending when the share's first live window ends.
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
 *
 * The table is split into shares, one per limit (issue #26 item 2: made-up usernames filled
 * the whole table, and every limited route refused every new client): each declared share
 * may hold `cap / shares` live windows, so a flood at one limit fills that limit's share only.
 */
export interface RateCounter {
  readonly adapterName: string;
  /** Claims a share of the table for a limit; every process declares the same ones at start. */
  declareShare(share: string): void;
  /**
   * Counts one hit for `key` at `now` and answers its window after the hit. A live window is
   * never dropped to make room for another (issue #19 item 1: a flood of made-up usernames
   * pushed out the windows of a guesser's spent limit): when `share` holds its cap, a key
   * without a live window is refused instead (noWindowLeft).
   */
  hit(key: string, windowMs: number, now: number, share?: string): Promise<RateWindow>;
  /** The live window of `key` without counting a hit, or undefined when it has none. */
  peek(key: string, now: number): Promise<RateWindow | undefined>;
  close(): Promise<void>;
}

/** Live windows a counter holds at most (RATE_LIMIT_WINDOWS): a flood cannot grow it. */
export const RATE_COUNTER_CAP = 50_000;

/** The share of a hit that names none (a counter used by one limit only). */
export const WHOLE_TABLE = '';

/** The answer for a key that gets no window because its share is full: over every limit until `endsAt`. */
export function noWindowLeft(endsAt: number): RateWindow {
  return { count: Number.POSITIVE_INFINITY, endsAt };
}

/** Whether a window is the refusal of a full share rather than a count. */
export const isNoWindow = (window: RateWindow): boolean => window.count === Number.POSITIVE_INFINITY;

/** The declared shares of one counter and the live windows each may hold. */
export class RateShares {
  private readonly declared = new Set<string>();

  constructor(readonly cap: number) {}

  declare(share: string): void {
    this.declared.add(share);
  }

  /** Live windows one share may hold: the cap split evenly among the declared shares (at least one). */
  capOf(_share: string): number {
    return Math.max(1, Math.floor(this.cap / Math.max(1, this.declared.size)));
  }
}

/**
 * The counter of one process, a Map of windows per share. A Map keeps insertion order, and an
 * entry is re-inserted when its window starts, so the first entries are the oldest windows:
 * ended ones are dropped from the front; a live one is never dropped, and when the share is
 * at its cap a new key is refused.
 */
export class MemoryRateCounter implements RateCounter {
  readonly adapterName = 'memory';
  private readonly shares: RateShares;
  private readonly windows = new Map<string, Map<string, RateWindow>>();

  constructor(cap = RATE_COUNTER_CAP) {
    this.shares = new RateShares(cap);
  }

  declareShare(share: string): void {
    this.shares.declare(share);
  }

  async hit(key: string, windowMs: number, now: number, share = WHOLE_TABLE): Promise<RateWindow> {
    return this.hitNow(key, windowMs, now, share);
  }

  /** The same, without a promise, for callers in a hot path. */
  hitNow(key: string, windowMs: number, now: number, share = WHOLE_TABLE): RateWindow {
    let windows = this.windows.get(share);
    if (!windows) this.windows.set(share, (windows = new Map()));
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      windows.delete(key);
      forgetEnded(windows, now);
      if (windows.size >= this.shares.capOf(share)) return noWindowLeft(windows.values().next().value!.endsAt);
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, endsAt: window.endsAt };
  }

  async peek(key: string, now: number): Promise<RateWindow | undefined> {
    for (const windows of this.windows.values()) {
      const window = windows.get(key);
      if (window && window.endsAt > now) return { ...window };
    }
    return undefined;
  }

  /** How many windows are held, every share together (tests and /metrics read it). */
  size(): number {
    let size = 0;
    for (const windows of this.windows.values()) size += windows.size;
    return size;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** Drops ended windows from the front, up to the first live one (windows of one length end in the order they began). */
function forgetEnded(windows: Map<string, RateWindow>, now: number): void {
  for (const [key, window] of windows) {
    if (window.endsAt > now) break;
    windows.delete(key);
  }
}

import { createHmac, randomBytes } from 'node:crypto';

/**
 * The keys of the days of visits, kept beside the persons' keys and apart from the log. An
 * address is recorded only as HMAC(its day's key, address): a key of its own per UTC day,
 * made at the day's first visit and destroyed once the day is older than the retention
 * (VISITOR_RETENTION_DAYS). Then nobody, whatever other secret of the deployment they hold,
 * can tell which address a digest of that day was, nor that two days' digests are one address;
 * the events, their counts and the statistics stay as they were.
 */
export interface VisitorDayKeys {
  readonly adapterName: string;
  /** The key of this day (`YYYY-MM-DD`, UTC), made when it has none yet. */
  keyOf(day: string): Promise<Buffer>;
  /** The key of this day, or null (no visit that day, or destroyed). */
  find(day: string): Promise<Buffer | null>;
  /** Destroys the keys of every day before `day` so that no byte of them stays in the store; how many. */
  forgetBefore(day: string): Promise<number>;
  close(): Promise<void>;
}

/** A new day's key: 32 random bytes, nothing derived from anything. */
export const newDayKey = (): Buffer => randomBytes(32);

/** The UTC day of a moment, as the day keys are named. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
const dayBefore = (at: Date, days: number) => dayOf(new Date(at.getTime() - days * DAY_MS));

/**
 * The digests of addresses, day by day. Today's key and yesterday's are held in memory (the
 * hot path asks for them on every key and visit); a day's key is never dropped from the store
 * while it is one of them, since the retention is at least two days.
 */
export class VisitorDigests {
  private readonly cached = new Map<string, Buffer>();

  constructor(
    private readonly keys: VisitorDayKeys,
    /** Days a digest stays linkable to its address: today and the days before it, this many in all. */
    readonly retentionDays: number,
  ) {
    if (!Number.isInteger(retentionDays) || retentionDays < 2)
      throw new Error(`the visitors' retention must be at least 2 days, got ${retentionDays}`);
  }

  /** The digest of the address on the day of `at` (that day's key is made on its first visit). */
  async of(address: string, at: Date): Promise<string> {
    return digest(await this.dayKey(dayOf(at), true), address);
  }

  /**
   * The digest of the address on the day before `at`, for a rule that looks back across
   * midnight; null when that day had no visit at all (it has no key, and nobody has a digest of it).
   */
  async ofDayBefore(address: string, at: Date): Promise<string | null> {
    const key = await this.dayKey(dayBefore(at, 1), false);
    return key ? digest(key, address) : null;
  }

  /**
   * Destroys the keys of the days past the retention at `at`: a visit of day D stays linkable
   * to its address until D + retentionDays begins, then never again. Returns how many went.
   */
  async forgetExpired(at: Date): Promise<number> {
    const oldestKept = dayBefore(at, this.retentionDays - 1);
    for (const day of this.cached.keys()) if (day < oldestKept) this.cached.delete(day);
    return this.keys.forgetBefore(oldestKept);
  }

  private async dayKey(day: string, make: true): Promise<Buffer>;
  private async dayKey(day: string, make: false): Promise<Buffer | null>;
  private async dayKey(day: string, make: boolean): Promise<Buffer | null> {
    const held = this.cached.get(day);
    if (held) return held;
    const key = make ? await this.keys.keyOf(day) : await this.keys.find(day);
    if (!key) return null;
    // only the latest two days are asked for: older ones leave memory as a new day comes
    this.cached.set(day, key);
    const days = [...this.cached.keys()].sort();
    for (const old of days.slice(0, -2)) this.cached.delete(old);
    return key;
  }

  close(): Promise<void> {
    return this.keys.close();
  }
}

const digest = (key: Buffer, address: string) => createHmac('sha256', key).update(address).digest('hex');

/** Day keys in this process's memory: unit tests. */
export class MemoryVisitorDayKeys implements VisitorDayKeys {
  readonly adapterName = 'memory';
  private readonly byDay = new Map<string, Buffer>();

  async keyOf(day: string): Promise<Buffer> {
    let key = this.byDay.get(day);
    if (!key) {
      key = newDayKey();
      this.byDay.set(day, key);
    }
    return key;
  }
  async find(day: string): Promise<Buffer | null> {
    return this.byDay.get(day) ?? null;
  }
  async forgetBefore(day: string): Promise<number> {
    let forgotten = 0;
    for (const known of [...this.byDay.keys()])
      if (known < day) {
        this.byDay.delete(known);
        forgotten++;
      }
    return forgotten;
  }
  async close(): Promise<void> {}
}

import type { Logger } from '@vip/platform';

/** setTimeout's limit (~24.8 days); later times are re-armed on the way. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Things due at a time, keyed (a VIP window's end, the next ping, the next post). One timer
 * for the earliest; when it fires, every due key is taken out and run in turn. A run that
 * wants another go (a retry, the next repetition) sets its key again. Nothing runs before
 * `start()`, so a bot first folds the whole log and connects to Discord, and then does at
 * once whatever fell due while it was down.
 */
export class DueTimers<K> {
  private readonly due = new Map<K, number>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private running = false;

  constructor(
    private readonly run: (key: K, dueAt: number) => Promise<void>,
    private readonly logger: Logger,
    private readonly label: string,
  ) {}

  set(key: K, at: number): void {
    this.due.set(key, at);
    this.arm();
  }

  delete(key: K): void {
    if (this.due.delete(key)) this.arm();
  }

  get(key: K): number | undefined {
    return this.due.get(key);
  }

  get size(): number {
    return this.due.size;
  }

  start(): void {
    this.started = true;
    this.arm();
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (!this.started || this.running) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    let earliest = Infinity;
    for (const at of this.due.values()) earliest = Math.min(earliest, at);
    if (earliest === Infinity) return;
    const delay = Math.min(MAX_DELAY, Math.max(0, earliest - Date.now()));
    this.timer = setTimeout(() => void this.fire(), delay);
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    this.running = true;
    try {
      // one round per firing: a task that sets itself due again runs on the next timer, not in a loop
      const now = Date.now();
      const ready = [...this.due].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1]);
      for (const [key, at] of ready) {
        if (!this.started) break;
        if (this.due.get(key) !== at) continue; // moved or removed meanwhile (a window was extended)
        this.due.delete(key);
        try {
          await this.run(key, at);
        } catch (error) {
          this.logger.error({ err: error, key: String(key), schedule: this.label }, 'a scheduled task failed');
        }
      }
    } finally {
      this.running = false;
      this.arm();
    }
  }
}

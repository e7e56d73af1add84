import type { RebuildProgress } from '../rebuild.ts';

/** Where progress goes: stderr, or anything that writes and may be a terminal. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressOptions {
  stream?: ProgressStream;
  /** Without a terminal, a line at least this often while the work goes on. */
  everyMs?: number;
  now?: () => number;
}

/**
 * Progress for a long run (a rebuild, a verification): on a terminal one line redrawn in place
 * at every step; without one (a log file, a CI job, `docker logs`), a line at each tenth of
 * the work and at least every 30 s, never one per step: a 3.5M-event log would write 700.
 * `share` is the part done, from 0 to 1.
 */
export function progressReporter(options: ProgressOptions = {}): (share: number, line: string) => void {
  const stream = options.stream ?? process.stderr;
  const everyMs = options.everyMs ?? 30_000;
  const now = options.now ?? (() => performance.now());
  let tenthShown = -1;
  let shownAt = now();
  return (share, line) => {
    if (stream.isTTY) {
      stream.write(`\r${line}   `);
      return;
    }
    const tenth = Math.floor(Math.min(1, Math.max(0, share)) * 10);
    if (tenth <= tenthShown && now() - shownAt < everyMs) return;
    tenthShown = Math.max(tenthShown, tenth);
    shownAt = now();
    stream.write(`${line}\n`);
  };
}

/** A rebuild's progress (share done, events/s, ETA) as progressReporter shows it; one per run. */
export function rebuildProgress(options: ProgressOptions = {}): (progress: RebuildProgress) => void {
  const report = progressReporter(options);
  return ({ position, target, eventsPerSecond }) => {
    const share = target === 0 ? 1 : Math.min(1, position / target);
    const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
    const eta = eventsPerSecond > 0 ? Math.max(0, (target - position) / eventsPerSecond) : 0;
    report(
      share,
      `[${bar}] ${(share * 100).toFixed(1)}%  ${Math.round(eventsPerSecond)} events/s  ETA ${eta.toFixed(1)} s`,
    );
  };
}

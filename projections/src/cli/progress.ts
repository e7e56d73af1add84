import type { RebuildProgress } from '../rebuild.ts';

/** A one-line progress bar on stderr: share done, events/s, ETA. */
export function printProgress({ position, target, eventsPerSecond }: RebuildProgress): void {
  const share = target === 0 ? 1 : Math.min(1, position / target);
  const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
  const eta = eventsPerSecond > 0 ? Math.max(0, (target - position) / eventsPerSecond) : 0;
  process.stderr.write(
    `\r[${bar}] ${(share * 100).toFixed(1)}%  ${Math.round(eventsPerSecond)} events/s  ETA ${eta.toFixed(1)} s   `,
  );
}

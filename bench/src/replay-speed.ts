// Replay speed: every read model rebuilt from position 0 over a log of mixed events (keys
// generated and redeemed, visits, announcements, guild reports, greetings, whitelist
// entries, subscriptions, bot settings, …), embedded stores. Goal: at least 50,000 events/s.
// Run: npx tsx bench/src/replay-speed.ts [events=100000] [runs=3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import { writeMixedLog } from '../../test/support/mixed-log.ts';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'vip-bench-replay-'));
const events = new SqliteEventStore(join(dir, 'events.sqlite'));

try {
  const writeStarted = performance.now();
  const written = await writeMixedLog(events, { events: count });
  console.log(
    `wrote ${written.events} mixed events (${written.appends} appends) in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s`,
  );

  const rates: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const readModels = new SqliteReadStore(join(dir, `read-models-${run}.sqlite`));
    try {
      const result = await rebuildReadModels(events, readModels, allProjectors);
      const rate = result.events / result.seconds;
      rates.push(rate);
      console.log(
        `run ${run}: replayed ${result.events} events into ${allProjectors.length} read models in ${result.seconds.toFixed(2)} s: ${Math.round(rate).toLocaleString('en')} events/s`,
      );
    } finally {
      await readModels.close();
    }
  }
  const best = Math.max(...rates);
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)];
  console.log(
    `replay speed: median ${Math.round(median).toLocaleString('en')} events/s, best ${Math.round(best).toLocaleString('en')} events/s (goal 50,000)`,
  );
} finally {
  await events.close();
  rmSync(dir, { recursive: true, force: true });
}

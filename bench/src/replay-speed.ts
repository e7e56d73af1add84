// Replay speed: every read model rebuilt from position 0 over a log of mixed events (keys
// generated and redeemed, visits, announcements, guild reports, greetings, whitelist
// entries, subscriptions, bot settings, …), embedded stores, against what reading and
// parsing the same log alone takes in the same run. Goal: a replay takes at most 4 times
// as long as reading and parsing (issue #11); a ratio holds on any machine, events/s do not.
// Run: npx tsx bench/src/replay-speed.ts [events=100000] [runs=3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isKnownEventType, parseRecordedEvent } from '@vip/contracts';
import type { EventStore } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import { writeMixedLog } from '../../test/support/mixed-log.ts';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 3);
const GOAL_RATIO = 4;
const dir = mkdtempSync(join(tmpdir(), 'vip-bench-replay-'));
const events = new SqliteEventStore(join(dir, 'events.sqlite'));

/** The log, page by page, parsed and upcast as the runner does before any projector runs. */
async function readAndParse(log: EventStore, page = 10_000): Promise<number> {
  const started = performance.now();
  for (let after = 0; ; ) {
    const read = await log.readAll({ after, maxCount: page });
    for (const event of read) if (isKnownEventType(event.type)) parseRecordedEvent(event);
    if (read.length < page) break;
    after = read[read.length - 1].position;
  }
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const writeStarted = performance.now();
  const written = await writeMixedLog(events, { events: count });
  console.log(
    `wrote ${written.events} mixed events (${written.appends} appends) in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s`,
  );

  const rates: number[] = [];
  const ratios: number[] = [];
  const readings: number[] = [];
  const replays: number[] = [];
  for (let run = 1; run <= runs; run++) {
    // read before and after the replay: on a shared machine the load moves between phases
    const before = await readAndParse(events);
    const readModels = new SqliteReadStore(join(dir, `read-models-${run}.sqlite`));
    try {
      const result = await rebuildReadModels(events, readModels, allProjectors);
      const after = await readAndParse(events);
      const reading = (before + after) / 2;
      const rate = result.events / result.seconds;
      rates.push(rate);
      ratios.push(result.seconds / reading);
      readings.push(before, after);
      replays.push(result.seconds);
      console.log(
        `run ${run}: reading and parsing the log ${before.toFixed(2)} s and ${after.toFixed(2)} s; replaying it into ${allProjectors.length} read models ${result.seconds.toFixed(2)} s (${Math.round(rate).toLocaleString('en')} events/s) = ${(result.seconds / reading).toFixed(2)}× the reading`,
      );
    } finally {
      await readModels.close();
    }
  }
  // the fastest of each is the one the other processes on the machine disturbed least
  const fastest = Math.min(...replays) / Math.min(...readings);
  console.log(
    `replay / reading the log: runs ${ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(', ')}; fastest replay / fastest reading ${fastest.toFixed(2)}× (goal at most ${GOAL_RATIO}×); ` +
      `replay speed: median ${Math.round(median(rates)).toLocaleString('en')} events/s, best ${Math.round(Math.max(...rates)).toLocaleString('en')} events/s`,
  );
} finally {
  await events.close();
  rmSync(dir, { recursive: true, force: true });
}

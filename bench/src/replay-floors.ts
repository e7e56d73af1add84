// What a replay cannot do without, measured on this machine, next to the replay itself:
// reading and parsing the log, serializing the documents the rebuild leaves behind, and
// SQLite inserting them as rows. Each floor is a lower bound: it writes every final
// document once (a rebuild writes hot documents once per page) and runs no projector code.
// What is left of the 50,000 events/s budget after the floors is what the 18 projectors'
// own logic may cost per event.
// Run: npx tsx bench/src/replay-floors.ts [events=100000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isKnownEventType, parseRecordedEvent } from '@vip/contracts';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';
import Database from 'better-sqlite3';
import { writeMixedLog } from '../../test/support/mixed-log.ts';

const count = Number(process.argv[2] ?? 100_000);
const GOAL = 50_000;
/** Pages as the rebuild reads and commits them. */
const PAGE = 10_000;
const ROWS_PER_STATEMENT = 64;

const dir = mkdtempSync(join(tmpdir(), 'vip-bench-floors-'));
const events = new SqliteEventStore(join(dir, 'events.sqlite'));
const rebuiltPath = join(dir, 'rebuilt.sqlite');

const seconds = (since: number) => (performance.now() - since) / 1000;
const ms = (value: number) => `${Math.round(value * 1000).toLocaleString('en')} ms`;

try {
  const written = await writeMixedLog(events, { events: count });
  console.log(`wrote ${written.events.toLocaleString('en')} mixed events`);

  const rebuilt = new SqliteReadStore(rebuiltPath);
  const replay = await rebuildReadModels(events, rebuilt, allProjectors);
  await rebuilt.close();
  console.log(
    `replay: ${ms(replay.seconds)} = ${Math.round(replay.events / replay.seconds).toLocaleString('en')} events/s`,
  );

  // 1. the log, page by page, parsed and upcast as the runner does before any projector runs
  let started = performance.now();
  for (let after = 0; ; ) {
    const page = await events.readAll({ after, maxCount: PAGE });
    for (const event of page) if (isKnownEventType(event.type)) parseRecordedEvent(event);
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
  }
  const reading = seconds(started);

  // the documents the rebuild left behind: their text, and the table they live in
  const source = new Database(rebuiltPath, { readonly: true });
  const rows = source.prepare('SELECT collection, id, doc FROM docs ORDER BY rowid').raw().all() as [
    string,
    string,
    string,
  ][];
  const table = source
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'docs'")
    .pluck()
    .get() as string;
  const pageSize = source.pragma('page_size', { simple: true }) as number;
  source.close();
  const documents = rows.map(([, , doc]) => JSON.parse(doc) as unknown);
  const bytes = rows.reduce((sum, [, , doc]) => sum + doc.length, 0);

  // 2. serializing each of them once
  started = performance.now();
  for (const document of documents) JSON.stringify(document);
  const serializing = seconds(started);

  // 3. inserting them into a new file: the rebuild's table, pragmas, statements and pages
  const target = new Database(join(dir, 'floor.sqlite'));
  target.pragma(`page_size = ${pageSize}`);
  target.pragma('journal_mode = WAL');
  target.pragma('synchronous = NORMAL');
  target.exec(table);
  const values = Array(ROWS_PER_STATEMENT).fill('(?, ?, ?)').join(', ');
  const insertMany = target.prepare(
    `INSERT INTO docs (collection, id, doc) VALUES ${values} ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`,
  );
  const insertOne = target.prepare(
    'INSERT INTO docs (collection, id, doc) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc',
  );
  // the statements' parameters are prepared before the clock starts: only SQLite is timed
  const perCommit = Math.ceil(rows.length / Math.ceil(replay.events / PAGE));
  const commits: { many: string[][]; single: [string, string, string][] }[] = [];
  for (let from = 0; from < rows.length; from += perCommit) {
    const slice = rows.slice(from, from + perCommit);
    const whole = slice.length - (slice.length % ROWS_PER_STATEMENT);
    const many: string[][] = [];
    for (let at = 0; at < whole; at += ROWS_PER_STATEMENT) many.push(slice.slice(at, at + ROWS_PER_STATEMENT).flat());
    commits.push({ many, single: slice.slice(whole) });
  }
  started = performance.now();
  for (const { many, single } of commits) {
    target.exec('BEGIN IMMEDIATE');
    for (const parameters of many) insertMany.run(parameters);
    for (const row of single) insertOne.run(row);
    target.exec('COMMIT');
  }
  const inserting = seconds(started);
  target.close();

  const floors = reading + serializing + inserting;
  const budget = replay.events / GOAL;
  const perEvent = (value: number) => `${((value * 1e6) / replay.events).toFixed(1)} µs/event`;
  console.log(`floor, reading and parsing the log: ${ms(reading)} (${perEvent(reading)})`);
  console.log(`the replay took ${(replay.seconds / reading).toFixed(2)}× the reading and parsing (goal at most 4×)`);
  console.log(
    `floor, serializing ${rows.length.toLocaleString('en')} final documents (${Math.round(bytes / rows.length)} B average): ${ms(serializing)} (${perEvent(serializing)})`,
  );
  console.log(`floor, SQLite inserting them as rows: ${ms(inserting)} (${perEvent(inserting)})`);
  console.log(
    `floors together: ${ms(floors)} = ${Math.round((100 * floors) / budget)} % of the ${ms(budget)} a replay at ${GOAL.toLocaleString('en')} events/s may take`,
  );
  console.log(
    `left for the ${allProjectors.length} projectors' own work: ${perEvent(Math.max(0, budget - floors))} at the goal; the replay spent ${perEvent(replay.seconds - floors)}`,
  );
} finally {
  await events.close();
  rmSync(dir, { recursive: true, force: true });
}

// The auditor's workbench (issue #15), on a 100,000-event mixed log, embedded stores:
// - seal cost per 100,000 events: what sealing costs (its own reading of the log as stored, a
//   digest per event, the seals' appends) on one thread, and how much a replay of the same log
//   into every read model slows down while the sealer's thread seals a copy of it beside it,
//   as in the product; goal: sealing adds less than 5 % to a replay;
// - export throughput: the whole log as the export route streams it (every event in full),
//   against the replay of the same range; goal: at least 4 times as fast.
// Run: npx tsx bench/src/audit-seal-export.ts [events=100000] [runs=3]
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { auditExportStream, type EventStore, loadConfig, readStoredEvents, storedDigest } from '@vip/platform';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, LogSealer, rebuildReadModels, SealerThread } from '@vip/projections';
import { pino } from 'pino';
import { writeMixedLog } from '../../test/support/mixed-log.ts';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'vip-bench-audit-'));
const seconds = (started: number) => (performance.now() - started) / 1000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;
const silent = pino({ level: 'silent' });
let copies = 0;

/** An unsealed copy of the log in a data directory of its own (the sealer appends to what it seals). */
function unsealedCopy(): string {
  const copy = join(dir, `copy-${++copies}`);
  mkdirSync(copy);
  copyFileSync(join(dir, 'log', 'events.sqlite'), join(copy, 'events.sqlite'));
  return copy;
}

async function replay(log: EventStore): Promise<number> {
  const readModels = new SqliteReadStore(join(dir, `read-models-${++copies}.sqlite`));
  try {
    return (await rebuildReadModels(log, readModels, allProjectors)).seconds;
  } finally {
    await readModels.close();
  }
}

/** Sealing on this thread, from an unsealed log to its last seal: the reading, hashing and appends. */
async function sealHere(): Promise<number> {
  const log = new SqliteEventStore(join(unsealedCopy(), 'events.sqlite'));
  const started = performance.now();
  const sealer = new LogSealer(log, { every: 1000, minutes: 60, logger: silent, pollMs: 10 });
  await sealer.start();
  await sealer.whenCaughtUp();
  await sealer.stop();
  const took = seconds(started);
  await log.close();
  return took;
}

/** A replay of the log while the sealer's thread seals a copy of it, as the product runs them. */
async function replayBesideTheSealer(log: EventStore): Promise<number> {
  const thread = new SealerThread(loadConfig({ DATA_DIR: unsealedCopy(), LOG_LEVEL: 'silent' }), silent);
  await thread.start();
  const took = await replay(log);
  await thread.whenCaughtUp();
  await thread.stop();
  return took;
}

/** Hashing alone: every event's digest, the events already read as stored. */
async function hashOnly(log: EventStore): Promise<number> {
  const events = await readStoredEvents(log);
  const started = performance.now();
  for (const event of events) storedDigest(event);
  return seconds(started);
}

async function exportAll(
  log: EventStore,
  readModels: SqliteReadStore,
  server?: string,
): Promise<{ seconds: number; bytes: number }> {
  const head = (await log.headPosition()) ?? 0;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const started = performance.now();
  await pipeline(auditExportStream(log, readModels, { from: 1, to: head, server }), sink);
  return { seconds: seconds(started), bytes };
}

try {
  mkdirSync(join(dir, 'log'));
  const writer = new SqliteEventStore(join(dir, 'log', 'events.sqlite'));
  await writeMixedLog(writer, { events: count });
  await writer.close();
  const log = new SqliteEventStore(join(dir, 'log', 'events.sqlite'));
  console.log(`wrote ${count.toLocaleString('en')} mixed events`);
  // the export names servers and users from the read models: a replayed set of them
  const names = new SqliteReadStore(join(dir, 'names.sqlite'));
  await rebuildReadModels(log, names, allProjectors);

  const alone: number[] = [];
  const beside: number[] = [];
  const sealing: number[] = [];
  const hashing: number[] = [];
  const exports: number[] = [];
  const filtered: number[] = [];
  const added: number[] = [];
  // one server's export: its events in full, the others as digests
  const [someKey] = await names.collection<{ _id: string; guildId: string }>('keys').find({}, { limit: 1 });
  for (let run = 1; run <= runs; run++) {
    const replaySeconds = await replay(log);
    const besideSeconds = await replayBesideTheSealer(log);
    const sealSeconds = await sealHere();
    const hashSeconds = await hashOnly(log);
    const exported = await exportAll(log, names);
    const oneServer = await exportAll(log, names, someKey.guildId);
    alone.push(replaySeconds);
    added.push(besideSeconds / replaySeconds - 1);
    filtered.push(oneServer.seconds);
    beside.push(besideSeconds);
    sealing.push(sealSeconds);
    hashing.push(hashSeconds);
    exports.push(exported.seconds);
    console.log(
      `run ${run}: replay ${replaySeconds.toFixed(2)} s alone, ${besideSeconds.toFixed(2)} s beside the sealer's thread (${pct(besideSeconds - replaySeconds, replaySeconds)} more); ` +
        `sealing on one thread ${sealSeconds.toFixed(2)} s (${pct(sealSeconds, replaySeconds)} of the replay's time; hashing alone ${hashSeconds.toFixed(2)} s); ` +
        `export ${exported.seconds.toFixed(2)} s (${Math.round(count / exported.seconds).toLocaleString('en')} events/s, ${(exported.bytes / 1e6).toFixed(0)} MB) = ${(replaySeconds / exported.seconds).toFixed(1)}× the replay's speed; ` +
        `one server's export ${oneServer.seconds.toFixed(2)} s (${(oneServer.bytes / 1e6).toFixed(0)} MB) = ${(replaySeconds / oneServer.seconds).toFixed(1)}×`,
    );
  }
  const per100k = (value: number) => (value * 100_000) / count;
  console.log(
    `seal cost per 100,000 events: a replay beside the sealer's thread takes ${(median(added) * 100).toFixed(1)} % longer (median of the runs; goal < 5 %); ` +
      `the sealing itself ${per100k(median(sealing)).toFixed(2)} s of one core = ${pct(median(sealing), median(alone))} of a replay's time, of which hashing ${per100k(median(hashing)).toFixed(2)} s; ` +
      `export: median ${Math.round(count / median(exports)).toLocaleString('en')} events/s, ${(median(alone) / median(exports)).toFixed(1)}× the replay's speed (goal at least 4×); one server's: ${(median(alone) / median(filtered)).toFixed(1)}×`,
  );
  await names.close();
  await log.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Append throughput of the embedded event store, as command handlers append: one event per
// append, each checked against its stream's revision. With one writer every append is its
// own commit (its own sync to disk); with several writers the appends asked for in the same
// turn of the event loop share one commit (group commit), as concurrent HTTP commands do.
// The store syncs every commit (synchronous=FULL); each case is also run with the store
// switched to NORMAL (the setting before issue #13 item 9) in the same run, alternating, so
// the machine's load weighs on both alike.
// Run: npx tsx bench/src/event-store-append.ts [count] [writers,writers,...] [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';

const count = Number(process.argv[2] ?? 20_000);
const writerCounts = (process.argv[3] ?? '1,10,50').split(',').map(Number);
const rounds = Number(process.argv[4] ?? 2);
const streams = 100;
const metadata = { correlationId: 'bench', causationId: 'bench', actor: { kind: 'system' as const, id: 'bench' } };
type Synchronous = 'NORMAL' | 'FULL';

async function appendsPerSecond(writers: number, synchronous: Synchronous): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'vip-bench-events-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  // the bench alone reaches in to compare with the old setting
  const db = (store as unknown as { db: { pragma(p: string): unknown } }).db;
  if (synchronous === 'NORMAL') db.pragma('synchronous = NORMAL');
  try {
    let next = 0;
    // each writer owns its streams, so revisions never conflict between writers
    const writer = async (w: number) => {
      const revisions = new Map<number, number>();
      for (let i = next++; i < count; i = next++) {
        const stream = w + writers * (i % Math.max(1, Math.floor(streams / writers)));
        const revision = revisions.get(stream);
        const result = await store.append(
          `bench-${stream}`,
          [{ type: 'KeyGenerated', data: { i, key: `k-${i}` }, metadata }],
          revision === undefined ? 'no_stream' : revision,
        );
        revisions.set(stream, result.nextRevision);
      }
    };
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    return count / (Number(process.hrtime.bigint() - started) / 1e9);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const writers of writerCounts) {
    for (const synchronous of ['NORMAL', 'FULL'] as const) {
      const key = `${writers}|${synchronous}`;
      results.set(key, [...(results.get(key) ?? []), await appendsPerSecond(writers, synchronous)]);
    }
  }
}
console.log(`${count} single-event appends per run, ${rounds} round(s), median appends/s`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const writers of writerCounts) {
  const normal = median(results.get(`${writers}|NORMAL`) ?? []);
  const full = median(results.get(`${writers}|FULL`) ?? []);
  console.log(
    `${String(writers).padStart(3)} writer(s): NORMAL ${String(Math.round(normal)).padStart(6)}  FULL ${String(Math.round(full)).padStart(6)}  (FULL = ${((100 * full) / normal).toFixed(0)}% of NORMAL)`,
  );
}

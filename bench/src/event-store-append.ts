// Single-event append throughput of the embedded event store: every append is its own
// IMMEDIATE transaction with a revision check, as a command handler does it.
// Run: npx tsx bench/src/event-store-append.ts [count]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';

const count = Number(process.argv[2] ?? 20_000);
const streams = 100;
const dir = mkdtempSync(join(tmpdir(), 'vip-bench-events-'));
const store = new SqliteEventStore(join(dir, 'events.sqlite'));
const metadata = { correlationId: 'bench', causationId: 'bench', actor: { kind: 'system' as const, id: 'bench' } };

try {
  const revisions = new Array<number>(streams).fill(-1);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const stream = i % streams;
    const expected = revisions[stream] < 0 ? 'no_stream' : revisions[stream];
    const result = await store.append(
      `bench-${stream}`,
      [{ type: 'KeyGenerated', data: { i, key: `k-${i}` }, metadata }],
      expected,
    );
    revisions[stream] = result.nextRevision;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${count} single-event appends in ${seconds.toFixed(2)} s: ${Math.round(count / seconds)} appends/s`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

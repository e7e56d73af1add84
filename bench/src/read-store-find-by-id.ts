/**
 * How many findOne-by-_id calls per second the embedded ReadStore answers: the cost under
 * every GET of a single document, to set beside a bare Koa route's requests per second.
 * Run: npx tsx bench/src/read-store-find-by-id.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';

const DOCUMENTS = 10_000;
const SECONDS = 3;

const directory = mkdtempSync(join(tmpdir(), 'read-store-bench-'));
const store = new SqliteReadStore(join(directory, 'bench.sqlite'));
try {
  const keys = store.collection('keys');
  // A document shaped like a key page's read model, so parsing costs what it will in use.
  await store.transaction(async () => {
    for (let i = 0; i < DOCUMENTS; i++) {
      await keys.insertOne({
        _id: `key-${i}`,
        status: i % 3 === 0 ? 'redeemed' : 'active',
        tier: 'gold',
        createdAt: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
        server: { id: `srv-${i % 50}`, name: `Server ${i % 50}` },
        history: [{ at: '2024-01-01T00:00:00.000Z', what: 'generated' }],
        lastPosition: i,
      });
    }
  });

  // Warm up: the first read loads the collection into the cache, and V8 optimises the path.
  for (let i = 0; i < 20_000; i++) await keys.findOne({ _id: `key-${i % DOCUMENTS}` });

  let operations = 0;
  let found = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(SECONDS * 1e9);
  while (process.hrtime.bigint() < deadline) {
    for (let i = 0; i < 1000; i++) {
      if (await keys.findOne({ _id: `key-${((operations + i) * 7919) % DOCUMENTS}` })) found++;
    }
    operations += 1000;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (found !== operations) throw new Error(`expected every lookup to find its key, found ${found} of ${operations}`);
  const perSecond = Math.round(operations / seconds);
  console.log(
    `embedded ReadStore findOne by _id: ${perSecond.toLocaleString('en-US')} ops/s ` +
      `(${DOCUMENTS.toLocaleString('en-US')} documents, ${operations.toLocaleString('en-US')} lookups in ${seconds.toFixed(2)} s, ` +
      `${(1e6 / perSecond).toFixed(2)} µs each)`,
  );
} finally {
  await store.close();
  rmSync(directory, { recursive: true, force: true });
}

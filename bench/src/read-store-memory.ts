/**
 * The embedded read store's memory and the audit trail's queries as its history grows
 * (issue #18: memory follows the live data, never the log's length). Writes N documents of
 * the audit trail's size through the ReadStore port as the projection runner does (batches of
 * 500 in a transaction, whole documents put by _id, the audit projector's indexes declared
 * first), printing resident memory as it goes; then times the audit trail's typical queries
 * and GETs by _id.
 * Run: npx tsx --expose-gc bench/src/read-store-memory.ts [documents=100000] [cacheMb=64]
 * (--expose-gc: garbage is collected before each reading, so resident memory is what is held)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BulkOperation, Filter, FindOptions, LooseDocument } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { auditProjector } from '@vip/projections/read-models/audit/audit.projector.ts';

const count = Number(process.argv[2] ?? 100_000);
const cacheMb = Number(process.argv[3] ?? 64);
const BATCH = 500;
const TYPES = ['KeyGenerated', 'KeyRedeemed', 'VisitRecorded', 'GuildReported', 'VipRoleGranted', 'ServerClaimed'];

/** About what the audit projector writes per event: ~250 bytes of JSON. */
interface AuditLike extends LooseDocument {
  position: number;
  type: string;
  time: string;
  guildIds: string[];
  userIds: string[];
  keyDigests?: string[];
}

function auditDocument(position: number): AuditLike {
  const document: AuditLike = {
    _id: String(position).padStart(15, '0'),
    position,
    type: TYPES[(position * 7) % TYPES.length],
    time: new Date(Date.UTC(2026, 0, 1) + position * 2000).toISOString(),
    guildIds: [`12345678901234${String(position % 500).padStart(4, '0')}`],
    userIds: [`98765432109876${String((position * 31) % 20_000).padStart(4, '0')}`],
  };
  if (position % 3 === 0) document.keyDigests = [`${position.toString(16).padStart(8, '0')}${'c0ffee'.repeat(9)}ab`];
  return document;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const rss = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
};

const dir = mkdtempSync(join(tmpdir(), 'vip-bench-read-store-memory-'));
const store = new SqliteReadStore(join(dir, 'read-models.sqlite'), { cacheBytes: cacheMb * 2 ** 20 });
try {
  for (const [collection, specs] of Object.entries(auditProjector.indexes ?? {}))
    await store.ensureIndexes(collection, specs);
  const audit = store.collection('audit');
  const rssAt = new Map<number, number>();
  const started = performance.now();
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(count, first + BATCH - 1);
    await store.transaction(async () => {
      const operations: BulkOperation<LooseDocument>[] = [];
      for (let position = first; position <= last; position++) {
        const document = auditDocument(position);
        operations.push({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } });
      }
      await audit.bulkWrite(operations, { ordered: false });
    });
    if (last % Math.max(BATCH, Math.floor(count / 10 / BATCH) * BATCH) === 0 || last === count) {
      rssAt.set(last, rss());
      console.log(
        `${last.toLocaleString('en')} documents: rss ${mb(rss())}, heap ${mb(process.memoryUsage().heapUsed)}, cache ${mb(store.cachedBytes())} (${store.cachedDocuments().toLocaleString('en')} documents)`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`written in ${seconds.toFixed(1)} s (${Math.round(count / seconds).toLocaleString('en')} documents/s)`);
  // the second half of the run: memory per extra 10,000 documents once the cache is full
  const marks = [...rssAt.keys()];
  const [from, to] = [marks[Math.floor(marks.length / 2)], marks[marks.length - 1]];
  if (to > from)
    console.log(
      `memory per extra 10,000 documents (from ${from.toLocaleString('en')} to ${to.toLocaleString('en')}): ${((rssAt.get(to)! - rssAt.get(from)!) / ((to - from) / 10_000) / 2 ** 20).toFixed(2)} MB`,
    );

  const queries: [string, Filter, FindOptions][] = [
    ['newest page', {}, { sort: { position: -1 }, limit: 51 }],
    ['older page', { position: { $lt: Math.floor(count / 2) } }, { sort: { position: -1 }, limit: 51 }],
    ['one server', { guildIds: auditDocument(count - 5).guildIds[0] }, { sort: { position: -1 }, limit: 51 }],
    ['one person', { userIds: auditDocument(count - 5).userIds[0] }, { sort: { position: -1 }, limit: 51 }],
    ['one type', { type: 'ServerClaimed' }, { sort: { position: -1 }, limit: 51 }],
    [
      'three types',
      { type: { $in: ['ServerClaimed', 'KeyRedeemed', 'VipRoleGranted'] } },
      { sort: { position: -1 }, limit: 51 },
    ],
    ["a key's life", { keyDigests: auditDocument(count - (count % 3)).keyDigests?.[0] }, { sort: { position: 1 } }],
  ];
  for (const [label, filter, options] of queries) {
    const times: number[] = [];
    let found = 0;
    for (let run = 0; run < 30; run++) {
      const t = performance.now();
      found = (await audit.find(filter, options)).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: ${found} documents, median ${times[15].toFixed(2)} ms, slowest ${times[29].toFixed(2)} ms (${store.explain('audit', filter, options).index})`,
    );
  }
  const gets = 20_000;
  const t = performance.now();
  for (let i = 0; i < gets; i++) await audit.findOne({ _id: auditDocument(1 + ((i * 7919) % count))._id });
  console.log(
    `GET by _id over the whole collection: ${(((performance.now() - t) * 1000) / gets).toFixed(2)} µs each; rss ${mb(rss())}, cache ${mb(store.cachedBytes())}`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The embedded store's memory follows the live data, not the log's length (issue #18): many
 * documents written as the projection runner writes them (batches in transactions, whole
 * documents by _id), read back and queried, and the cache never holds more than its bound.
 * Counted, not timed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { BulkOperation, LooseDocument } from '../src/read-store/read-store.ts';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';

const DOCUMENTS = 60_000;
const BATCH = 500;
const BOUND = 2 * 2 ** 20;

/** A document the size of the audit trail's (about 250 bytes of JSON). */
const auditLike = (position: number): LooseDocument => ({
  _id: String(position).padStart(15, '0'),
  position,
  type: position % 3 === 0 ? 'KeyRedeemed' : 'KeyGenerated',
  time: new Date(Date.UTC(2026, 0, 1) + position * 1000).toISOString(),
  guildIds: [`1234567890123456${position % 40}`],
  userIds: [`9876543210987654${position % 997}`],
  keyDigests: [`${position.toString(16).padStart(8, '0')}${'ab'.repeat(28)}`],
});

describe('embedded read store memory', function () {
  this.timeout(120_000);
  let directory: string;
  let store: SqliteReadStore;
  const within = (when: string) =>
    expect(store.cachedBytes(), `cached bytes ${when}`).to.be.at.most(BOUND).and.to.be.greaterThan(0);

  before(async function () {
    directory = mkdtempSync(join(tmpdir(), 'read-store-memory-'));
    store = new SqliteReadStore(join(directory, 'read-models.sqlite'), { cacheBytes: BOUND });
    await store.ensureIndexes('audit', [{ position: -1 }, { guildIds: 1, position: -1 }]);
    const audit = store.collection('audit');
    const counters = store.collection<{ _id: string; n: number }>('counters');
    for (let first = 1; first <= DOCUMENTS; first += BATCH) {
      await store.transaction(async () => {
        // as DocumentBatch does: a hot document read and set once per batch, the rest put by _id
        const counter = (await counters.findOne({ _id: 'events' })) ?? { _id: 'events', n: 0 };
        const operations: BulkOperation<LooseDocument>[] = [];
        for (let position = first; position < first + BATCH; position++) {
          const document = auditLike(position);
          operations.push({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } });
        }
        await audit.bulkWrite(operations, { ordered: false });
        await counters.bulkWrite(
          [
            {
              replaceOne: {
                filter: { _id: 'events' },
                replacement: { _id: 'events', n: counter.n + BATCH },
                upsert: true,
              },
            },
          ],
          { ordered: false },
        );
      });
      within(`after the batch from ${first}`);
    }
  });
  after(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('holds at most its bound while the documents are written, and never a whole history collection', () => {
    within('after the writes');
    expect(store.cachedDocuments()).to.be.below(DOCUMENTS / 4);
  });

  it('still finds every document, the evicted ones from SQLite, and stays within the bound', async () => {
    const audit = store.collection('audit');
    for (let position = 1; position <= DOCUMENTS; position += 7) {
      expect((await audit.findOne({ _id: auditLike(position)._id }))?.position).to.equal(position);
    }
    expect(await audit.findOne({ _id: 'not-there' })).to.equal(null);
    within('after reading them back');
    expect(await store.collection('counters').findOne({ _id: 'events' })).to.deep.equal({
      _id: 'events',
      n: DOCUMENTS,
    });
  });

  it('answers the audit trail’s queries and counts without taking more', async () => {
    const audit = store.collection('audit');
    const page = await audit.find({}, { sort: { position: -1 }, limit: 51 });
    expect(page.map((doc) => doc.position)).to.deep.equal(Array.from({ length: 51 }, (_, i) => DOCUMENTS - i));
    const server = await audit.find({ guildIds: '12345678901234567' }, { sort: { position: -1 }, limit: 51 });
    expect(server.map((doc) => doc.position)).to.deep.equal(
      Array.from({ length: 51 }, (_, i) => DOCUMENTS - 33 - 40 * i),
    );
    expect(await audit.countDocuments({ type: 'KeyRedeemed' })).to.equal(DOCUMENTS / 3);
    expect(await audit.countDocuments()).to.equal(DOCUMENTS);
    within('after the queries');
  });
});

/**
 * Runs the ReadStore contract on the embedded SQLite adapter always, and on MongoDB when
 * MONGODB_URL is set; then checks what only the embedded adapter promises (rollback, its file,
 * its cache seeing other connections' writes).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { MongoReadStore, transactionsIn } from '../src/read-store/mongo-read-store.ts';
import { DuplicateKeyError } from '../src/read-store/read-store.ts';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';
import { readStoreContract, rejectionOf } from './read-store.contract.ts';
import { ids } from './read-store.contract-data.ts';

describe('embedded SQLite read store', function () {
  let directory: string;
  let fileNumber = 0;
  const freshFile = () => join(directory, `read-store-${++fileNumber}.sqlite`);
  const opened: SqliteReadStore[] = [];
  const openStore = (file: string) => {
    const store = new SqliteReadStore(file);
    opened.push(store);
    return store;
  };

  before(function () {
    directory = mkdtempSync(join(tmpdir(), 'read-store-test-'));
  });
  after(async function () {
    for (const store of opened) await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  readStoreContract('embedded-sqlite', async () => openStore(freshFile()));

  describe('embedded only', function () {
    it('rolls back the writes of a transaction whose work throws', async function () {
      const store = openStore(freshFile());
      const keys = store.collection('keys');
      await keys.insertOne({ _id: 'kept', uses: 1 });
      const failure = new Error('projector failed');
      const error = await rejectionOf(
        store.transaction(async () => {
          await keys.insertOne({ _id: 'dropped' });
          await keys.updateOne({ _id: 'kept' }, { $set: { uses: 2 } });
          expect(await keys.countDocuments()).to.equal(2); // its own writes are visible inside
          throw failure;
        }),
      );
      expect(error).to.equal(failure);
      expect(await keys.find()).to.deep.equal([{ _id: 'kept', uses: 1 }]);
      await store.transaction(async () => keys.insertOne({ _id: 'later' }));
      expect(await keys.countDocuments()).to.equal(2);
    });

    it('refuses overlapping transactions with a clear error', async function () {
      const store = openStore(freshFile());
      let finish!: () => void;
      const first = store.transaction(() => new Promise<void>((resolve) => (finish = resolve)));
      const error = await rejectionOf(store.transaction(async () => undefined));
      expect((error as Error).message).to.match(/must not overlap/);
      finish();
      await first;
    });

    it('undoes a whole bulkWrite when one of its operations fails', async function () {
      const store = openStore(freshFile());
      const keys = store.collection('keys');
      await keys.insertOne({ _id: 'taken' });
      const error = await rejectionOf(
        keys.bulkWrite([{ insertOne: { document: { _id: 'new' } } }, { insertOne: { document: { _id: 'taken' } } }]),
      );
      expect(error).to.be.instanceOf(DuplicateKeyError);
      expect(await keys.find()).to.deep.equal([{ _id: 'taken' }]);
    });

    it('keeps documents across close and reopen', async function () {
      const file = freshFile();
      const first = openStore(file);
      await first.collection('greetings').insertOne({ _id: 'g1', text: 'welcome', at: '2024-02-02T00:00:00.000Z' });
      await first.collection('greetings').updateOne({ _id: 'g1' }, { $set: { seenBy: ['u1'] } });
      await first.close();
      const second = openStore(file);
      expect(await second.collection('greetings').findOne({ _id: 'g1' })).to.deep.equal({
        _id: 'g1',
        text: 'welcome',
        at: '2024-02-02T00:00:00.000Z',
        seenBy: ['u1'],
      });
      expect(await second.listCollections()).to.deep.equal(['greetings']);
    });

    it("sees another connection's writes within a millisecond", async function () {
      const file = freshFile();
      const reader = openStore(file);
      const writer = openStore(file);
      const readerKeys = reader.collection('keys');
      // reads ask SQLite whether another connection committed at most once a millisecond
      const afterAMoment = () => new Promise((resolve) => setTimeout(resolve, 2));
      await writer.collection('keys').insertOne({ _id: 'k1', uses: 0 });
      expect(await readerKeys.findOne({ _id: 'k1' })).to.deep.equal({ _id: 'k1', uses: 0 }); // now cached
      await writer.collection('keys').updateOne({ _id: 'k1' }, { $set: { uses: 1 } });
      await afterAMoment();
      expect(await readerKeys.findOne({ _id: 'k1' })).to.deep.equal({ _id: 'k1', uses: 1 });
      await writer.collection('keys').insertOne({ _id: 'k2', uses: 5, by: ['a', 'b'] });
      await afterAMoment();
      expect(await readerKeys.countDocuments({ uses: { $gt: 0 } })).to.equal(2);
      // A write by the reader must start from the other connection's latest state, at once.
      await writer.collection('keys').updateOne({ _id: 'k2' }, { $pull: { by: 'a' } });
      await readerKeys.updateOne({ _id: 'k2' }, { $pull: { by: 'b' } });
      // (and the writer, a reader now, sees that write within the millisecond like any other)
      await afterAMoment();
      expect(await writer.collection('keys').findOne({ _id: 'k2' })).to.deep.equal({ _id: 'k2', uses: 5, by: [] });
      await writer.dropCollection('keys');
      await afterAMoment();
      expect(await readerKeys.find()).to.deep.equal([]);
    });

    it('answers through an index another connection has just dropped and built again', async function () {
      const file = freshFile();
      const reader = openStore(file);
      const writer = openStore(file);
      await writer.ensureIndexes('keys', [{ tier: 1 }]);
      await writer.ensureIndexes('other', [{ x: 1 }]);
      await writer.collection('keys').insertOne({ _id: 'a', tier: 1 });
      expect(ids(await reader.collection('keys').find({ tier: 1 }))).to.deep.equal(['a']);
      // within the millisecond in which the reader does not ask whether another connection wrote
      const now = performance.now;
      const frozen = now.call(performance);
      performance.now = () => frozen;
      try {
        await writer.dropCollection('keys'); // its index table goes with it
        await writer.collection('keys').insertOne({ _id: 'b', tier: 1 });
        await writer.ensureIndexes('keys', [{ tier: 1 }]); // in a table of another name
        expect(ids(await reader.collection('keys').find({ tier: 1 }))).to.deep.equal(['b']);
      } finally {
        performance.now = now;
      }
    });

    it('finds by a range over an index what mingo finds, whatever the characters of the bound', async function () {
      const store = openStore(freshFile());
      const keys = store.collection('keys');
      await keys.insertOne({ _id: 'emoji', label: '😀' });
      await keys.insertOne({ _id: 'fullwidth', label: '\uff05' });
      await keys.insertOne({ _id: 'plain', label: 'a' });
      // JavaScript (mingo) puts the emoji's surrogates before U+FF01; its UTF-8 bytes come after
      expect(ids(await keys.find({ label: { $lt: '\uff01' } }))).to.deep.equal(['emoji', 'plain']);
      await store.ensureIndexes('keys', [{ label: 1 }]);
      expect(ids(await keys.find({ label: { $lt: '\uff01' } }))).to.deep.equal(['emoji', 'plain']);
      expect(ids(await keys.find({ label: { $gte: 'a' } }))).to.deep.equal(['emoji', 'fullwidth', 'plain']);
    });

    it('sorts stably: equal keys keep insertion order both ways', async function () {
      const keys = openStore(freshFile()).collection('keys');
      for (const [_id, tier] of [
        ['c', 1],
        ['a', 2],
        ['b', 1],
        ['d', 2],
      ] as const)
        await keys.insertOne({ _id, tier });
      expect((await keys.find({}, { sort: { tier: 1 } })).map((doc) => doc._id)).to.deep.equal(['c', 'b', 'a', 'd']);
      expect((await keys.find({}, { sort: { tier: -1 } })).map((doc) => doc._id)).to.deep.equal(['a', 'd', 'c', 'b']);
      await keys.updateOne({ _id: 'c' }, { $set: { touched: true } }); // an update keeps the place
      expect((await keys.find()).map((doc) => doc._id)).to.deep.equal(['c', 'a', 'b', 'd']);
    });

    it('writes a transaction to the file once, at commit, in the order the cache holds', async function () {
      const file = freshFile();
      const store = openStore(file);
      const keys = store.collection('keys');
      await keys.insertOne({ _id: 'a', n: 0 });
      await keys.insertOne({ _id: 'b', n: 0 });
      let seenByOtherConnection: unknown;
      await store.transaction(async () => {
        for (let i = 1; i <= 100; i++) await keys.updateOne({ _id: 'a' }, { $set: { n: i } });
        await keys.deleteOne({ _id: 'b' });
        await keys.insertOne({ _id: 'c', n: 3 });
        await keys.insertOne({ _id: 'b', n: 2 }); // back, now after c
        expect(await keys.deleteMany({ n: 99 })).to.deep.equal({ deletedCount: 0 });
        const other = new SqliteReadStore(file);
        seenByOtherConnection = await other.collection('keys').find();
        await other.close();
      });
      expect(seenByOtherConnection).to.deep.equal([
        { _id: 'a', n: 0 },
        { _id: 'b', n: 0 },
      ]);
      const reopened = openStore(file);
      expect(await reopened.collection('keys').find()).to.deep.equal(await keys.find());
      expect((await keys.find()).map((doc) => doc._id)).to.deep.equal(['a', 'c', 'b']);
      expect(await keys.findOne({ _id: 'a' })).to.deep.equal({ _id: 'a', n: 100 });
    });

    it('counts what a collection held when it is emptied inside a transaction', async function () {
      const file = freshFile();
      const store = openStore(file);
      const keys = store.collection('keys');
      await keys.insertOne({ _id: 'a' });
      const deleted = await store.transaction(async () => {
        await keys.insertOne({ _id: 'b' });
        return keys.deleteMany();
      });
      expect(deleted).to.deep.equal({ deletedCount: 2 });
      expect(await keys.find()).to.deep.equal([]);
      expect(await openStore(file).listCollections()).to.deep.equal([]);
    });

    it('rolls back the whole transaction when a write fails part-way inside it', async function () {
      const store = openStore(freshFile());
      const keys = store.collection('keys');
      await keys.insertOne({ _id: 'taken' });
      const error = await rejectionOf(
        store.transaction(async () => {
          await keys.insertOne({ _id: 'first' });
          // the projector swallows the failure of a bulk write that had already written 'new'
          await keys
            .bulkWrite([{ insertOne: { document: { _id: 'new' } } }, { insertOne: { document: { _id: 'taken' } } }])
            .catch(() => undefined);
        }),
      );
      expect((error as Error).message).to.match(/failed part-way/);
      expect(await keys.find()).to.deep.equal([{ _id: 'taken' }]);
    });

    it('destroy() closes the store and deletes its file with the WAL beside it', async function () {
      const file = freshFile();
      const store = new SqliteReadStore(file);
      await store.collection('keys').insertOne({ _id: 'k' });
      expect(existsSync(file)).to.equal(true);
      await store.destroy();
      for (const suffix of ['', '-wal', '-shm'])
        expect(existsSync(`${file}${suffix}`), `${file}${suffix}`).to.equal(false);
      await store.destroy(); // twice is harmless
      const memory = new SqliteReadStore(':memory:');
      await memory.destroy();
    });

    it('stores plain JSON: undefined fields vanish, like in MongoDB with ignoreUndefined', async function () {
      const keys = openStore(freshFile()).collection('keys');
      await keys.insertOne({ _id: 'k', note: undefined, n: 1 });
      expect(await keys.findOne({ _id: 'k' })).to.deep.equal({ _id: 'k', n: 1 });
    });
  });
});

describe('ReadStore: which MongoDB servers run a batch as one transaction', () => {
  it('a replica set member or a mongos does, a standalone server does not', () => {
    expect(transactionsIn({ setName: 'rs0', isWritablePrimary: true } as never)).to.equal(true);
    expect(transactionsIn({ msg: 'isdbgrid' })).to.equal(true);
    expect(transactionsIn({ isWritablePrimary: true } as never)).to.equal(false);
  });
});

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  // the contract proves the deployment only where batches are transactions: a standalone server
  // (or a URL that reaches no replica set) fails here instead of passing on the fallback path
  describe('ReadStore contract: mongodb is a replica set', () => {
    it('MONGODB_URL reaches a replica set member or a mongos', async () => {
      const client = await MongoClient.connect(mongoUrl, { serverSelectionTimeoutMS: 10_000 });
      try {
        const hello = await client.db('admin').command({ hello: 1 });
        expect(
          transactionsIn(hello),
          'MONGODB_URL is a standalone server: the transaction path would never run. Use the replica set (docs/distributed.md).',
        ).to.equal(true);
      } finally {
        await client.close();
      }
    });
  });
  readStoreContract('mongodb', () =>
    MongoReadStore.connect(mongoUrl, process.env.MONGODB_DB ?? 'vip_read_store_contract'),
  );
} else {
  describe('ReadStore contract: mongodb', function () {
    it('runs against MongoDB when MONGODB_URL is set', function () {
      console.log('MONGODB_URL is not set: the MongoDB contract run is skipped');
      this.skip();
    });
  });
}

/**
 * The one ReadStore contract (docs/architecture.md "Ports"): every adapter must pass it, which is
 * what lets projections and queries be written once. Collection names carry a per-run prefix
 * so the suite can run against a shared MongoDB; tie-breaking sorts name _id explicitly
 * because MongoDB does not promise an order between equal keys.
 */
import { expect } from 'chai';
import {
  type Collection,
  type Document,
  DuplicateKeyError,
  type LooseDocument,
  type ReadStore,
} from '../src/read-store/read-store.ts';
import { ids, people, rejectionOf } from './read-store.contract-data.ts';
import { describeCollectionsAndTransactions } from './read-store.transactions.contract.ts';

export { rejectionOf };

export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${name}`, function () {
    const prefix = `contract_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}_`;
    const used: string[] = [];
    let store: ReadStore;
    let counter = 0;

    /** A collection no other test (or run) touches. */
    function fresh<T extends Document = LooseDocument>(label = 'c'): Collection<T> {
      const collectionName = `${prefix}${label}_${++counter}`;
      used.push(collectionName);
      return store.collection<T>(collectionName);
    }
    async function peopleCollection(): Promise<Collection<LooseDocument>> {
      const collection = fresh('people');
      for (const person of people) await collection.insertOne(structuredClone(person));
      return collection;
    }

    before(async function () {
      store = await open();
    });
    after(async function () {
      for (const collectionName of used) await store.dropCollection(collectionName);
      await store.close();
    });

    describe('reading', function () {
      it('gives back an inserted document as it was', async function () {
        const keys = fresh('keys');
        const key = { _id: 'k1', label: 'gold', tags: ['a', 'b'], nested: { level: 2, flags: [true] } };
        await keys.insertOne(structuredClone(key));
        expect(await keys.findOne({ _id: 'k1' })).to.deep.equal(key);
        expect(await keys.find()).to.deep.equal([key]);
      });

      it('gives null when nothing matches', async function () {
        const collection = await peopleCollection();
        expect(await collection.findOne({ _id: 'nobody' })).to.equal(null);
        expect(await collection.findOne({ name: 'Zed' })).to.equal(null);
        expect(await fresh('empty').findOne({ _id: 'x' })).to.equal(null);
      });

      it('filters with $eq, $in, $gt/$lt, dotted paths, $exists and $or', async function () {
        const c = await peopleCollection();
        const byId = { sort: { _id: 1 as const } };
        expect(ids(await c.find({ name: 'Bob' }, byId))).to.deep.equal(['p2']);
        expect(ids(await c.find({ age: { $eq: 25 } }, byId))).to.deep.equal(['p2', 'p4']);
        expect(ids(await c.find({ name: { $in: ['Ann', 'Dee', 'Zed'] } }, byId))).to.deep.equal(['p1', 'p4']);
        expect(ids(await c.find({ age: { $gt: 25, $lt: 40 } }, byId))).to.deep.equal(['p1']);
        expect(ids(await c.find({ joinedAt: { $lt: '2024-01-01' } }, byId))).to.deep.equal(['p2']);
        expect(ids(await c.find({ 'city.name': 'Oslo' }, byId))).to.deep.equal(['p1', 'p3']);
        expect(ids(await c.find({ nickname: { $exists: true } }, byId))).to.deep.equal(['p1', 'p3']);
        expect(ids(await c.find({ nickname: { $exists: false } }, byId))).to.deep.equal(['p2', 'p4']);
        expect(ids(await c.find({ $or: [{ age: 40 }, { 'city.name': 'Lima' }] }, byId))).to.deep.equal(['p3', 'p4']);
        expect(ids(await c.find({ _id: 'p1', age: 99 }))).to.deep.equal([]);
      });

      it('sorts strings, numbers and ISO dates both ways, on several keys', async function () {
        const c = await peopleCollection();
        expect(ids(await c.find({}, { sort: { name: 1 } }))).to.deep.equal(['p1', 'p2', 'p3', 'p4']);
        expect(ids(await c.find({}, { sort: { name: -1 } }))).to.deep.equal(['p4', 'p3', 'p2', 'p1']);
        expect(ids(await c.find({}, { sort: { joinedAt: 1 } }))).to.deep.equal(['p2', 'p3', 'p1', 'p4']);
        expect(ids(await c.find({}, { sort: { joinedAt: -1 } }))).to.deep.equal(['p4', 'p1', 'p3', 'p2']);
        expect(ids(await c.find({}, { sort: { age: 1, name: -1 } }))).to.deep.equal(['p4', 'p2', 'p1', 'p3']);
        expect(ids(await c.find({}, { sort: { age: -1, _id: 1 } }))).to.deep.equal(['p3', 'p1', 'p2', 'p4']);
        expect(ids(await c.find({ age: 25 }, { sort: { 'city.name': 1 } }))).to.deep.equal(['p4', 'p2']);
      });

      it('sorts missing and null first ascending and last descending', async function () {
        const c = await peopleCollection();
        expect(ids(await c.find({}, { sort: { nickname: 1, _id: 1 } }))).to.deep.equal(['p2', 'p3', 'p4', 'p1']);
        expect(ids(await c.find({}, { sort: { nickname: -1, _id: 1 } }))).to.deep.equal(['p1', 'p2', 'p3', 'p4']);
      });

      it('skips and limits after sorting', async function () {
        const c = await peopleCollection();
        expect(ids(await c.find({}, { sort: { name: 1 }, skip: 1, limit: 2 }))).to.deep.equal(['p2', 'p3']);
        expect(ids(await c.find({}, { sort: { name: 1 }, skip: 3, limit: 5 }))).to.deep.equal(['p4']);
        expect(ids(await c.find({}, { sort: { name: 1 }, limit: 0 }))).to.have.length(4);
        expect((await c.findOne({ age: 25 }, { sort: { name: -1 } }))?._id).to.equal('p4');
      });

      it('projects by including or excluding fields', async function () {
        const c = await peopleCollection();
        expect(await c.find({ _id: 'p1' }, { projection: { name: 1, 'city.name': 1 } })).to.deep.equal([
          { _id: 'p1', name: 'Ann', city: { name: 'Oslo' } },
        ]);
        expect(await c.findOne({ _id: 'p2' }, { projection: { _id: 0, age: 1 } })).to.deep.equal({ age: 25 });
        expect(await c.findOne({ _id: 'p2' }, { projection: { city: 0, joinedAt: 0 } })).to.deep.equal({
          _id: 'p2',
          name: 'Bob',
          age: 25,
        });
      });

      it('counts documents, all or matching', async function () {
        const c = await peopleCollection();
        expect(await c.countDocuments()).to.equal(4);
        expect(await c.countDocuments({ 'city.name': 'Oslo' })).to.equal(2);
        expect(await c.countDocuments({ _id: 'p9' })).to.equal(0);
      });

      it('returns copies: changing a result or an inserted object leaves the store alone', async function () {
        const c = fresh('copies');
        const original = { _id: 'd1', list: [1], inner: { n: 1 } };
        await c.insertOne(original);
        original.inner.n = 99;
        const one = (await c.findOne({ _id: 'd1' }))!;
        (one.list as number[]).push(2);
        const [many] = await c.find({ _id: 'd1' });
        (many.inner as { n: number }).n = 42;
        const [projected] = await c.find({}, { projection: { inner: 1 } });
        (projected.inner as { n: number }).n = 7;
        expect(await c.findOne({ _id: 'd1' })).to.deep.equal({ _id: 'd1', list: [1], inner: { n: 1 } });
      });
    });

    describe('writing', function () {
      it('rejects a second insert of the same _id with DuplicateKeyError', async function () {
        const c = fresh('dup');
        await c.insertOne({ _id: 'same', v: 1 });
        const error = await rejectionOf(c.insertOne({ _id: 'same', v: 2 }));
        expect(error).to.be.instanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).id).to.equal('same');
        expect(await c.findOne({ _id: 'same' })).to.deep.equal({ _id: 'same', v: 1 });
      });

      it('updates one document with $set, $pull and $unset', async function () {
        const c = fresh('ops');
        await c.insertOne({ _id: 'g', n: 1, tags: ['a', 'b', 'c'], items: [{ q: 1 }, { q: 5 }], gone: 'x' });
        const result = await c.updateOne(
          { _id: 'g' },
          {
            $set: { n: 3, title: 'hi', 'meta.source': 'bot' },
            $pull: { tags: 'b', items: { q: { $lt: 2 } } },
            $unset: { gone: '' },
          },
        );
        expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await c.findOne({ _id: 'g' })).to.deep.equal({
          _id: 'g',
          n: 3,
          tags: ['a', 'c'],
          items: [{ q: 5 }],
          title: 'hi',
          meta: { source: 'bot' },
        });
      });

      it('refuses the update operators no read model uses, and changes nothing', async function () {
        const c = fresh('refused_ops');
        await c.insertOne({ _id: 'g', n: 1, log: [] });
        for (const update of [
          { $inc: { n: 1 } },
          { $push: { log: 'x' } },
          { $max: { n: 9 } },
          { $min: { n: 0 } },
          { $set: { n: 2 }, $setOnInsert: { made: true } },
        ]) {
          const error = await rejectionOf(c.updateOne({ _id: 'g' }, update as never));
          expect(error).to.be.instanceOf(TypeError);
          expect((error as Error).message).to.match(/\$set, \$unset and \$pull only, not \$\w+/);
          expect(await rejectionOf(c.updateMany({}, update as never))).to.be.instanceOf(TypeError);
          const bulk = [{ updateOne: { filter: { _id: 'g' }, update: update as never } }];
          expect(await rejectionOf(c.bulkWrite(bulk))).to.be.instanceOf(TypeError);
        }
        expect(await c.findOne({ _id: 'g' })).to.deep.equal({ _id: 'g', n: 1, log: [] });
      });

      it('reports no match, and no modification when nothing changes', async function () {
        const c = fresh('noop');
        await c.insertOne({ _id: 'a', v: 1 });
        expect(await c.updateOne({ _id: 'zz' }, { $set: { v: 2 } })).to.deep.equal({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedCount: 0,
        });
        expect(await c.updateOne({ _id: 'a' }, { $set: { v: 1 } })).to.deep.equal({
          matchedCount: 1,
          modifiedCount: 0,
          upsertedCount: 0,
        });
        expect(await c.countDocuments()).to.equal(1);
      });

      it('upserts from the filter equalities plus the update', async function () {
        const c = fresh('upsert');
        const created = await c.updateOne(
          { _id: 'u1', kind: 'vip', 'owner.id': 'o7', rank: { $eq: 3 } },
          { $set: { n: 1 } },
          { upsert: true },
        );
        expect(created).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
        expect(await c.findOne({ _id: 'u1' })).to.deep.equal({
          _id: 'u1',
          kind: 'vip',
          owner: { id: 'o7' },
          rank: 3,
          n: 1,
        });
        const updated = await c.updateOne({ _id: 'u1' }, { $set: { n: 2 } }, { upsert: true });
        expect(updated).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect((await c.findOne({ _id: 'u1' }))?.n).to.equal(2);
      });

      it('gives an upserted document a string _id when the filter names none', async function () {
        const c = fresh('upsert_id');
        await c.updateOne({ slug: 'hello' }, { $set: { n: 1 } }, { upsert: true });
        const doc = (await c.findOne({ slug: 'hello' }))!;
        expect(doc._id).to.be.a('string').and.not.equal('');
      });

      it('rejects an upsert whose filter misses an existing _id with DuplicateKeyError', async function () {
        const c = fresh('upsert_dup');
        await c.insertOne({ _id: 'x', position: 7 });
        const error = await rejectionOf(
          c.updateOne({ _id: 'x', position: { $lt: 5 } }, { $set: { position: 5 } }, { upsert: true }),
        );
        expect(error).to.be.instanceOf(DuplicateKeyError);
        expect(await c.findOne({ _id: 'x' })).to.deep.equal({ _id: 'x', position: 7 });
      });

      it('updates many, and upserts one when none match', async function () {
        const c = await peopleCollection();
        expect(await c.updateMany({ age: 25 }, { $set: { young: true } })).to.deep.equal({
          matchedCount: 2,
          modifiedCount: 2,
          upsertedCount: 0,
        });
        expect(ids(await c.find({ young: true }, { sort: { _id: 1 } }))).to.deep.equal(['p2', 'p4']);
        expect(await c.updateOne({ age: 25 }, { $set: { visits: 1 } })).to.deep.include({ matchedCount: 1 });
        expect(await c.countDocuments({ visits: 1 })).to.equal(1);
        const upserted = await c.updateMany({ name: 'Eve' }, { $set: { age: 50 } }, { upsert: true });
        expect(upserted.upsertedCount).to.equal(1);
        expect(await c.findOne({ name: 'Eve' }, { projection: { _id: 0 } })).to.deep.equal({ name: 'Eve', age: 50 });
      });

      it('replaces a whole document, and upserts with the filter _id', async function () {
        const c = fresh('replace');
        await c.insertOne({ _id: 'r', a: 1, b: 2 });
        expect(await c.replaceOne({ _id: 'r' }, { _id: 'r', c: 3 })).to.deep.equal({
          matchedCount: 1,
          modifiedCount: 1,
          upsertedCount: 0,
        });
        expect(await c.findOne({ _id: 'r' })).to.deep.equal({ _id: 'r', c: 3 });
        expect(await c.replaceOne({ _id: 'none' }, { _id: 'none', d: 4 })).to.deep.equal({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedCount: 0,
        });
        expect(await c.replaceOne({ _id: 'new' }, { _id: 'new', d: 4 }, { upsert: true })).to.deep.equal({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedCount: 1,
        });
        expect(await c.findOne({ _id: 'new' })).to.deep.equal({ _id: 'new', d: 4 });
      });

      it('deletes one or many and says how many', async function () {
        const c = await peopleCollection();
        expect(await c.deleteOne({ 'city.name': 'Oslo' })).to.deep.equal({ deletedCount: 1 });
        expect(await c.deleteOne({ _id: 'nobody' })).to.deep.equal({ deletedCount: 0 });
        expect(await c.deleteMany({ age: 25 })).to.deep.equal({ deletedCount: 2 });
        expect(await c.countDocuments()).to.equal(1);
        expect(await c.deleteMany()).to.deep.equal({ deletedCount: 1 });
        expect(await c.find()).to.deep.equal([]);
      });

      it('applies a mixed bulkWrite in order', async function () {
        const c = fresh('bulk');
        await c.bulkWrite([
          { insertOne: { document: { _id: 'a', n: 1 } } },
          { updateOne: { filter: { _id: 'a' }, update: { $set: { n: 11 } } } },
          { updateOne: { filter: { _id: 'b' }, update: { $set: { n: 2 } }, upsert: true } },
          { replaceOne: { filter: { _id: 'c' }, replacement: { _id: 'c', n: 3 }, upsert: true } },
          { insertOne: { document: { _id: 'd', n: 4 } } },
          { updateMany: { filter: { n: { $gte: 3 } }, update: { $set: { big: true } } } },
          { deleteOne: { filter: { _id: 'd' } } },
          { deleteMany: { filter: { n: 2 } } },
        ]);
        expect(await c.find({}, { sort: { _id: 1 } })).to.deep.equal([
          { _id: 'a', n: 11, big: true },
          { _id: 'c', n: 3, big: true },
        ]);
        await c.bulkWrite([]);
        expect(await rejectionOf(c.bulkWrite([{ insertOne: { document: { _id: 'a', n: 0 } } }]))).to.be.instanceOf(
          DuplicateKeyError,
        );
      });
    });

    it('applies an unordered bulkWrite of whole documents: replaced, upserted and deleted by _id', async function () {
      const c = fresh('unordered');
      await c.insertOne({ _id: 'kept', n: 1 });
      await c.insertOne({ _id: 'gone', n: 2 });
      await c.bulkWrite(
        [
          { replaceOne: { filter: { _id: 'kept' }, replacement: { _id: 'kept', n: 10, tags: ['a'] }, upsert: true } },
          { replaceOne: { filter: { _id: 'new' }, replacement: { _id: 'new', n: 3 }, upsert: true } },
          { deleteOne: { filter: { _id: 'gone' } } },
          { deleteOne: { filter: { _id: 'never-there' } } },
        ],
        { ordered: false },
      );
      expect(await c.find({}, { sort: { _id: 1 } })).to.deep.equal([
        { _id: 'kept', n: 10, tags: ['a'] },
        { _id: 'new', n: 3 },
      ]);
    });

    describeCollectionsAndTransactions({ store: () => store, fresh, used, prefix });
  });
}

import { expect } from 'chai';
import type { Collection, Document, LooseDocument, ReadStore } from '../src/read-store/read-store.ts';
import { ids, people, rejectionOf } from './read-store.contract-data.ts';

/** What the contract's parts share: the store under test and collections no other test touches. */
export interface ContractWorld {
  store(): ReadStore;
  fresh<T extends Document = LooseDocument>(label?: string): Collection<T>;
  /** Names of the collections handed out so far, in order. */
  used: string[];
  prefix: string;
}

/** The ReadStore contract's part on collections as a whole, indexes and transactions. */
export function describeCollectionsAndTransactions(world: ContractWorld): void {
  const { fresh, used, prefix } = world;
  describe('collections and transactions', function () {
    it('lists non-empty collections and drops them', async function () {
      const first = fresh('listed');
      const second = fresh('listed');
      const emptied = fresh('listed');
      await first.insertOne({ _id: '1' });
      await second.insertOne({ _id: '2' });
      await emptied.insertOne({ _id: '3' });
      await emptied.deleteMany();
      const [firstName, secondName, emptiedName] = used.slice(-3);
      const listed = await world.store().listCollections();
      expect(listed).to.include.members([firstName, secondName]);
      expect(listed).not.to.include(emptiedName);
      await world.store().dropCollection(firstName);
      expect(await world.store().listCollections()).not.to.include(firstName);
      expect(await first.find()).to.deep.equal([]);
      expect(await second.countDocuments()).to.equal(1);
      await world.store().dropCollection(`${prefix}never_created`);
    });

    it('builds indexes idempotently, on a collection with documents or none, and answers as before', async function () {
      const c = fresh('indexed');
      const collectionName = used[used.length - 1];
      await world.store().ensureIndexes(`${prefix}not_yet_written`, [{ position: -1 }]);
      for (const person of people) await c.insertOne({ ...person, tags: [person.name.toLowerCase()] });
      const before = await c.find({ age: 25 }, { sort: { joinedAt: -1 } });
      const indexes = [{ age: 1, joinedAt: -1 }, { tags: 1 }] as const;
      await world.store().ensureIndexes(collectionName, indexes);
      await world.store().ensureIndexes(collectionName, indexes);
      expect(await c.find({ age: 25 }, { sort: { joinedAt: -1 } })).to.deep.equal(before);
      expect(ids(await c.find({ tags: 'cid' }))).to.deep.equal(['p3']);
      await c.insertOne({ _id: 'p5', age: 25, joinedAt: '2025-01-01T00:00:00.000Z' });
      expect(ids(await c.find({ age: 25 }, { sort: { joinedAt: -1 } }))).to.deep.equal(['p5', ...ids(before)]);
    });

    it('commits the writes of a transaction and returns its result', async function () {
      const c = fresh('tx');
      const result = await world.store().transaction(async () => {
        await c.insertOne({ _id: 't', n: 1 });
        await c.updateOne({ _id: 't' }, { $set: { n: 2 } });
        return 'done';
      });
      expect(result).to.equal('done');
      expect(await c.findOne({ _id: 't' })).to.deep.equal({ _id: 't', n: 2 });
    });

    it('rejects with the error thrown by the work of a transaction', async function () {
      const failure = new Error('projector failed');
      expect(
        await rejectionOf(
          world.store().transaction(async () => {
            throw failure;
          }),
        ),
      ).to.equal(failure);
      const c = fresh('after_tx');
      await world.store().transaction(async () => c.insertOne({ _id: 'ok' }));
      expect(await c.countDocuments()).to.equal(1);
    });
  });
}

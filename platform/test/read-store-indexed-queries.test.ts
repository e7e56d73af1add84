/**
 * The embedded store's finds through its indexes against mingo (its reference): random
 * documents (lists, empty lists, lists in lists, objects, nulls, missing fields, mixed
 * types), random indexes declared before or after the documents, random writes after them,
 * then random filters, sorts, skips and limits. Whatever plan the store picks, the answer
 * must be mingo's over the same documents in insertion order.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { Query } from 'mingo';
import type { Document, Filter, IndexSpec, Sort } from '../src/read-store/read-store.ts';
import { SqliteReadStore } from '../src/read-store/sqlite-read-store.ts';

const FIELDS = ['n', 's', 't'] as const;
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('a', 'b', 'c', ''),
  fc.boolean(),
  fc.constant(null),
  fc.constant(1.5),
);
const value = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalar }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })), { maxLength: 2 }) },
);
const fields = fc.record(
  { n: value, s: value, t: fc.oneof(fc.integer({ min: 0, max: 4 }), value) },
  { requiredKeys: [] },
);
const direction = fc.constantFrom(1 as const, -1 as const);
const spec: fc.Arbitrary<IndexSpec> = fc
  .uniqueArray(fc.constantFrom(...FIELDS, '_id'), { minLength: 1, maxLength: 2 })
  .chain((paths) =>
    fc.tuple(...paths.map(() => direction)).map((dirs) => Object.fromEntries(paths.map((p, i) => [p, dirs[i]]))),
  );
const operand = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', 'c'));
const condition = fc.oneof(
  scalar,
  fc.record({ $eq: scalar }),
  fc.record({ $in: fc.array(scalar, { minLength: 1, maxLength: 3 }) }),
  fc.record({ $gt: operand }),
  fc.record({ $gte: operand, $lt: operand }),
  fc.record({ $lte: operand }),
  fc.record({ $ne: scalar }),
  fc.record({ $exists: fc.boolean() }),
);
const filter: fc.Arbitrary<Filter> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ n: condition, s: condition, t: condition }, { requiredKeys: [] }) },
  {
    weight: 1,
    arbitrary: fc.record({
      _id: fc.record({ $in: fc.array(fc.constantFrom('d0', 'd3', 'd7', 'x'), { maxLength: 3 }) }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ $or: fc.array(fc.record({ n: condition }), { minLength: 1, maxLength: 2 }) }) },
);
const sort: fc.Arbitrary<Sort | undefined> = fc.option(
  fc
    .uniqueArray(fc.constantFrom(...FIELDS, '_id'), { minLength: 1, maxLength: 2 })
    .chain((paths) =>
      fc
        .tuple(...paths.map(() => direction))
        .map((dirs) => Object.fromEntries(paths.map((p, i) => [p, dirs[i]])) as Sort),
    ),
  { nil: undefined },
);
const query = fc.record({ filter, sort, skip: fc.nat(3), limit: fc.nat(4) });
/** A write after the documents: what moves or removes index entries. */
const write = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), id: fc.nat(9), field: fc.constantFrom(...FIELDS), to: value }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.nat(9) }),
  fc.record({ kind: fc.constant('put' as const), id: fc.nat(12), doc: fields }),
);

type Find = { filter: Filter; sort?: Sort; skip: number; limit: number };

function reference(docs: Document[], { filter, sort, skip, limit }: Find) {
  const cursor = new Query(filter, {}).find<Document>(docs);
  if (sort) cursor.sort(sort);
  if (skip) cursor.skip(skip);
  if (limit) cursor.limit(limit);
  return cursor.all().map((doc) => doc._id);
}

describe('finds of the embedded store through its indexes', () => {
  it('answer as mingo does, whatever the indexes and the plan', async function () {
    this.timeout(Number(process.env.RUNS ?? 0) > 2000 ? 3_600_000 : 60_000);
    const plans = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fields, { maxLength: 10 }),
        fc.array(spec, { maxLength: 3 }),
        fc.boolean(),
        fc.array(write, { maxLength: 4 }),
        fc.array(query, { minLength: 1, maxLength: 4 }),
        async (docs, specs, indexFirst, writes, queries) => {
          const store = new SqliteReadStore(':memory:');
          try {
            const c = store.collection('c');
            if (indexFirst) await store.ensureIndexes('c', specs);
            await store.transaction(async () => {
              for (const [i, f] of docs.entries()) await c.insertOne({ _id: `d${i}`, ...f });
            });
            if (!indexFirst) await store.ensureIndexes('c', specs);
            for (const w of writes) {
              if (w.kind === 'set') await c.updateOne({ _id: `d${w.id}` }, { $set: { [w.field]: w.to } });
              else if (w.kind === 'delete') await c.deleteOne({ _id: `d${w.id}` });
              else
                await c.bulkWrite([
                  {
                    replaceOne: {
                      filter: { _id: `d${w.id}` },
                      replacement: { _id: `d${w.id}`, ...w.doc },
                      upsert: true,
                    },
                  },
                ]);
            }
            const all = await c.find({});
            for (const q of queries) {
              plans.add(store.explain('c', q.filter, q).index);
              const found = (await c.find(q.filter, q)).map((doc) => doc._id);
              expect(found, JSON.stringify({ q, specs })).to.deep.equal(reference(all, q));
              expect(await c.countDocuments(q.filter), JSON.stringify(q.filter)).to.equal(
                reference(all, { ...q, sort: undefined, skip: 0, limit: 0 }).length,
              );
            }
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 1000) },
    );
    if (process.env.RUNS) console.log([...plans]);
    // the plans must have used indexes, or this proves nothing about them
    expect([...plans].filter((plan) => plan !== 'none').length).to.be.greaterThan(3);
  });

  it('merge the values of a $in in the order of the fields after it, as mingo sorts', async function () {
    this.timeout(60_000);
    let merges = 0;
    const plain = fc.record({ n: fc.integer({ min: 0, max: 3 }), t: fc.oneof(scalar, fc.constant(undefined)) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(plain, { maxLength: 12 }),
        direction,
        direction,
        fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 4 }),
        fc.record({ t: direction }),
        fc.option(fc.record({ t: fc.record({ $gte: operand }) }), { nil: undefined }),
        fc.nat(4),
        async (docs, nDirection, tDirection, values, sort, range, limit) => {
          const store = new SqliteReadStore(':memory:');
          try {
            const c = store.collection('c');
            await store.ensureIndexes('c', [{ n: nDirection, t: tDirection }]);
            for (const [i, f] of docs.entries()) await c.insertOne({ _id: `d${i}`, ...f });
            const q = { filter: { n: { $in: values }, ...range }, sort, skip: 0, limit };
            if (store.explain('c', q.filter, q).steps.some((step) => step.startsWith('MERGE'))) merges++;
            expect((await c.find(q.filter, q)).map((doc) => doc._id)).to.deep.equal(reference(await c.find({}), q));
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: Number(process.env.MERGE_RUNS ?? 300) },
    );
    expect(merges).to.be.greaterThan(Number(process.env.MERGE_RUNS ?? 300) / 2);
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { Query } from 'mingo';
import { firstInOrder, plainSelect } from '../src/read-store/plain-query.ts';
import type { Document, Filter, Sort } from '../src/read-store/read-store.ts';

/** What mingo (the embedded store's reference) answers: filter, stable sort, skip, limit. */
function mingoSelect(docs: Document[], filter: Filter, sort: Sort | undefined, skip: number, limit: number): string[] {
  const cursor = new Query(filter, {}).find<Document>(docs);
  if (sort && Object.keys(sort).length > 0) cursor.sort(sort);
  if (skip) cursor.skip(skip);
  if (limit) cursor.limit(limit);
  return cursor.all().map((doc) => doc._id);
}

// few distinct values, so equalities, ranges and ties all happen often
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('a', 'b', 'c', ''),
  fc.boolean(),
  fc.constant(null),
);
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);
const doc = fc.record({ n: fieldValue, s: fieldValue, t: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: ['t'] });
const operand = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', 'c'));
const condition = fc.oneof(
  scalar,
  fc.record({ $eq: scalar }),
  fc.record({ $in: fc.array(scalar, { maxLength: 3 }) }),
  fc
    .record({ $gt: operand }, { requiredKeys: [] })
    .chain((low) => fc.record({ $lte: operand }, { requiredKeys: [] }).map((high) => ({ ...low, ...high }))),
  fc.record({ $lt: operand, $gte: operand }),
);
const filter = fc.record({ n: condition, s: condition, t: condition }, { requiredKeys: [] });
const sort = fc.option(
  fc.oneof(
    fc.constant({ t: 1 as const }),
    fc.constant({ t: -1 as const }),
    fc.constant({ n: 1 as const, t: -1 as const }),
    fc.constant({ s: -1 as const }),
  ),
  { nil: undefined },
);

describe('plain queries of the embedded store', () => {
  it('answer exactly as mingo does whenever they answer at all', () => {
    let answered = 0;
    fc.assert(
      fc.property(
        fc.array(doc, { maxLength: 40 }),
        filter,
        sort,
        fc.nat(5),
        fc.nat(6),
        (fields, where, order, skip, limit) => {
          const docs = fields.map((f, i) => ({ _id: `d${i}`, ...f }));
          const plain = plainSelect(docs, where as Filter, order, skip, limit);
          if (!plain) return;
          answered++;
          expect(plain.map((d) => d._id)).to.deep.equal(mingoSelect(docs, where as Filter, order, skip, limit));
        },
      ),
      { numRuns: 3000 },
    );
    // the comparison must have happened for most queries, or it proves nothing
    expect(answered).to.be.greaterThan(1000);
  });

  it('keep equal documents in their order when picking the first few, read forwards or backwards', () => {
    const docs = [3, 1, 2, 1, 3, 2, 1].map((rank, i) => ({ rank, i }));
    const byRank = (a: { rank: number }, b: { rank: number }) => a.rank - b.rank;
    expect(firstInOrder(docs, byRank, 4).map((d) => d.i)).to.deep.equal([1, 3, 6, 2]);
    const descending = [5, 4, 4, 3, 2, 2, 1].map((rank, i) => ({ rank, i }));
    expect(firstInOrder(descending, byRank, 3).map((d) => d.i)).to.deep.equal([6, 4, 5]);
    expect(firstInOrder(descending, (a, b) => b.rank - a.rank, 3).map((d) => d.i)).to.deep.equal([0, 1, 2]);
  });
});

import { isDeepStrictEqual } from 'node:util';
import type { Collection, Document, ReadStore } from '@vip/platform';
import type { Projector } from './projector.ts';

export interface ReadModelDifference {
  collection: string;
  id: string;
  kind: 'missing in live' | 'missing in rebuild' | 'different';
  live?: Document;
  rebuilt?: Document;
}

/** Documents read at once from each store: memory holds two pages, whatever the collections' size. */
const PAGE = 1000;

/** Every document that differs between the live read models and rebuilt ones. */
export async function compareReadModels(
  live: ReadStore,
  rebuilt: ReadStore,
  projectors: readonly Projector[],
): Promise<ReadModelDifference[]> {
  const differences: ReadModelDifference[] = [];
  for (const collection of projectors.flatMap((projector) => projector.collections)) {
    // both in _id order, walked side by side
    const lives = byId(live.collection(collection));
    const rebuilts = byId(rebuilt.collection(collection));
    let [left, right] = await Promise.all([lives.next(), rebuilts.next()]);
    while (!left.done || !right.done) {
      const order = left.done ? 1 : right.done ? -1 : compareIds(left.value._id, right.value._id);
      if (order < 0) {
        differences.push({ collection, id: left.value!._id, kind: 'missing in rebuild', live: left.value });
        left = await lives.next();
      } else if (order > 0) {
        differences.push({ collection, id: right.value!._id, kind: 'missing in live', rebuilt: right.value });
        right = await rebuilts.next();
      } else {
        if (!isDeepStrictEqual(left.value, right.value))
          differences.push({
            collection,
            id: left.value!._id,
            kind: 'different',
            live: left.value,
            rebuilt: right.value,
          });
        [left, right] = await Promise.all([lives.next(), rebuilts.next()]);
      }
    }
  }
  return differences;
}

/** A collection's documents in _id order, a page at a time. */
async function* byId(collection: Collection): AsyncGenerator<Document, undefined> {
  for (let after: string | undefined; ; ) {
    const page = await collection.find(after === undefined ? {} : { _id: { $gt: after } }, {
      sort: { _id: 1 },
      limit: PAGE,
    });
    yield* page;
    if (page.length < PAGE) return undefined;
    after = page[page.length - 1]._id;
  }
}

/** The stores' order of string ids: by their UTF-8 bytes (MongoDB's and SQLite's), not JavaScript's. */
function compareIds(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b));
}

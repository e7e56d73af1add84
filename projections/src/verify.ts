import { isDeepStrictEqual } from 'node:util';
import type { Document, ReadStore } from '@vip/platform';
import type { Projector } from './projector.ts';

export interface ReadModelDifference {
  collection: string;
  id: string;
  kind: 'missing in live' | 'missing in rebuild' | 'different';
  live?: Document;
  rebuilt?: Document;
}

/** Documents compared at once: what verify holds of each store, whatever their size. */
const PAGE = 1000;

/** A collection's documents in its store's _id order, a page at a time (the _id index). */
async function* pagesOf(store: ReadStore, collection: string, projection?: { _id: 1 }): AsyncGenerator<Document[]> {
  for (let after: string | undefined; ; ) {
    const page = await store
      .collection(collection)
      .find(after === undefined ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: PAGE, projection });
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]._id;
  }
}

/**
 * Every document that differs between the live read models and rebuilt ones, as found: each
 * live page is looked up in the rebuild by its ids, then the rebuild's ids are looked up in the
 * live store. A page of each store is held at a time, never a collection.
 */
export async function* readModelDifferences(
  live: ReadStore,
  rebuilt: ReadStore,
  projectors: readonly Projector[],
): AsyncGenerator<ReadModelDifference> {
  for (const collection of projectors.flatMap((projector) => projector.collections)) {
    for await (const page of pagesOf(live, collection)) {
      const ids = page.map((doc) => doc._id);
      const others = new Map(
        (await rebuilt.collection(collection).find({ _id: { $in: ids } })).map((doc) => [doc._id, doc]),
      );
      for (const doc of page) {
        const other = others.get(doc._id);
        if (!other) yield { collection, id: doc._id, kind: 'missing in rebuild', live: doc };
        else if (!isDeepStrictEqual(doc, other))
          yield { collection, id: doc._id, kind: 'different', live: doc, rebuilt: other };
      }
    }
    for await (const page of pagesOf(rebuilt, collection, { _id: 1 })) {
      const ids = page.map((doc) => doc._id);
      const known = new Set(
        (await live.collection(collection).find({ _id: { $in: ids } }, { projection: { _id: 1 } })).map(
          (doc) => doc._id,
        ),
      );
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length === 0) continue;
      for (const doc of await rebuilt.collection(collection).find({ _id: { $in: missing } }))
        yield { collection, id: doc._id, kind: 'missing in live', rebuilt: doc };
    }
  }
}

/** Every difference, gathered (small stores and tests; verify itself goes through them one by one). */
export async function compareReadModels(
  live: ReadStore,
  rebuilt: ReadStore,
  projectors: readonly Projector[],
): Promise<ReadModelDifference[]> {
  const differences: ReadModelDifference[] = [];
  for await (const difference of readModelDifferences(live, rebuilt, projectors)) differences.push(difference);
  return differences;
}

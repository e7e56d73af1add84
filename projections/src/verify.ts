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

/** Documents read at once from each store: what verify holds, whatever the collections' size. */
const PAGE = 10_000;

/** A collection's documents in _id order, read a page at a time (`_id` after the last one, sorted, limited). */
async function* documentsOf(store: ReadStore, collection: string, pageSize: number): AsyncGenerator<Document> {
  for (let after: string | undefined; ; ) {
    const page = await store
      .collection(collection)
      .find(after === undefined ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: pageSize });
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]._id;
  }
}

/**
 * Every document that differs between the live read models and rebuilt ones, as found: both
 * collections are walked together in _id order (the stores' order: by UTF-8 bytes), a page of
 * each at a time, never a whole collection.
 */
export async function* readModelDifferences(
  live: ReadStore,
  rebuilt: ReadStore,
  projectors: readonly Projector[],
  pageSize = PAGE,
): AsyncGenerator<ReadModelDifference> {
  for (const collection of projectors.flatMap((projector) => projector.collections)) {
    const [lives, rebuilds] = [documentsOf(live, collection, pageSize), documentsOf(rebuilt, collection, pageSize)];
    let [ours, theirs] = [(await lives.next()).value, (await rebuilds.next()).value];
    while (ours || theirs) {
      const order = !ours ? 1 : !theirs ? -1 : compareIds(ours._id, theirs._id);
      if (order < 0) {
        yield { collection, id: ours._id, kind: 'missing in rebuild', live: ours };
        ours = (await lives.next()).value;
      } else if (order > 0) {
        yield { collection, id: theirs._id, kind: 'missing in live', rebuilt: theirs };
        theirs = (await rebuilds.next()).value;
      } else {
        if (!isDeepStrictEqual(ours, theirs))
          yield { collection, id: ours!._id, kind: 'different', live: ours, rebuilt: theirs };
        [ours, theirs] = [(await lives.next()).value, (await rebuilds.next()).value];
      }
    }
  }
}

/** Every difference, gathered (small stores and tests; verify itself goes through them one by one). */
export async function compareReadModels(
  live: ReadStore,
  rebuilt: ReadStore,
  projectors: readonly Projector[],
  pageSize = PAGE,
): Promise<ReadModelDifference[]> {
  const differences: ReadModelDifference[] = [];
  for await (const difference of readModelDifferences(live, rebuilt, projectors, pageSize))
    differences.push(difference);
  return differences;
}

/** The stores' order of string ids: by their UTF-8 bytes (MongoDB's and SQLite's), not JavaScript's. */
function compareIds(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b));
}

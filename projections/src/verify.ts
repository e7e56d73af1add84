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

/** Every document that differs between the live read models and rebuilt ones. */
export async function compareReadModels(
  live: ReadStore,
  rebuilt: ReadStore,
  projectors: readonly Projector[],
): Promise<ReadModelDifference[]> {
  const differences: ReadModelDifference[] = [];
  for (const collection of projectors.flatMap((projector) => projector.collections)) {
    const [liveDocs, rebuiltDocs] = await Promise.all([
      live.collection(collection).find({}),
      rebuilt.collection(collection).find({}),
    ]);
    const liveById = new Map(liveDocs.map((doc) => [doc._id, doc]));
    const rebuiltById = new Map(rebuiltDocs.map((doc) => [doc._id, doc]));
    for (const [id, doc] of liveById) {
      const other = rebuiltById.get(id);
      if (!other) differences.push({ collection, id, kind: 'missing in rebuild', live: doc });
      else if (!isDeepStrictEqual(doc, other))
        differences.push({ collection, id, kind: 'different', live: doc, rebuilt: other });
    }
    for (const [id, doc] of rebuiltById)
      if (!liveById.has(id)) differences.push({ collection, id, kind: 'missing in live', rebuilt: doc });
  }
  return differences;
}

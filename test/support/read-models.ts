import type { Document, ReadStore } from '@vip/platform';

/** A collection's documents in _id order: two read models are equal when these are. */
export async function readModelSnapshot(store: ReadStore, collection: string): Promise<Document[]> {
  return store.collection(collection).find({}, { sort: { _id: 1 } });
}

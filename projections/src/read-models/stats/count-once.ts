import type { Collection, Document } from '@vip/platform';

type Counter = Document & { lastPosition: number };

/**
 * Adds to counters at most once per event: a document remembers the position of the last
 * event it counted, so an event delivered again after a crash is skipped.
 */
export async function countOnce<T extends Counter>(
  collection: Collection<T>,
  id: string,
  position: number,
  increments: Record<string, number>,
  zeroes: Omit<T, '_id' | 'lastPosition'>,
): Promise<void> {
  const updated = await collection.updateOne({ _id: id, lastPosition: { $lt: position } }, { $inc: increments, $set: { lastPosition: position } });
  if (updated.matchedCount > 0) return;
  if (await collection.findOne({ _id: id })) return; // counted already
  const fresh = { ...zeroes, _id: id, lastPosition: position } as Record<string, unknown>;
  for (const [field, amount] of Object.entries(increments)) fresh[field] = ((fresh[field] as number) ?? 0) + amount;
  await collection.insertOne(fresh as T);
}

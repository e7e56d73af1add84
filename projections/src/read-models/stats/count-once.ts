import type { Collection, Document } from '@vip/platform';

type Counter = Document & { lastPosition: number };

/**
 * Adds to counters at most once per event: a document remembers the position of the last
 * event it counted, so an event delivered again after a crash is skipped. Read, then a
 * plain `$set` by _id: the cheapest write on every store.
 */
export async function countOnce<T extends Counter>(
  collection: Collection<T>,
  id: string,
  position: number,
  increments: Record<string, number>,
  zeroes: Omit<T, '_id' | 'lastPosition'>,
): Promise<void> {
  const current = (await collection.findOne({ _id: id })) as Record<string, unknown> | null;
  if (current && (current.lastPosition as number) >= position) return;
  const fields: Record<string, unknown> = { lastPosition: position };
  for (const [field, amount] of Object.entries(increments)) {
    fields[field] =
      ((current?.[field] as number | undefined) ?? (zeroes as Record<string, number>)[field] ?? 0) + amount;
  }
  if (!current) Object.assign(fields, { ...zeroes, ...fields });
  await collection.updateOne({ _id: id }, { $set: fields }, { upsert: true });
}

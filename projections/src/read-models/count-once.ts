import type { Document } from '@vip/platform';
import type { BatchCollection } from '../document-batch.ts';

type Counter = Document & { lastPosition: number };

/**
 * Adds to counters at most once per event: a document remembers the position of the last
 * event it counted, so an event delivered again after a crash is skipped. Returns a promise
 * only when the counter had to be read from the store (not async: most counters are hot).
 */
export function countOnce<T extends Counter>(
  counters: BatchCollection<T>,
  id: string,
  position: number,
  increments: Partial<Record<keyof T, number>>,
  zeroes: Omit<T, '_id' | 'lastPosition'>,
): Promise<void> | undefined {
  const current = counters.get(id);
  if (current instanceof Promise) return current.then((read) => add(counters, read, id, position, increments, zeroes));
  add(counters, current, id, position, increments, zeroes);
}

function add<T extends Counter>(
  counters: BatchCollection<T>,
  current: Readonly<T> | null,
  id: string,
  position: number,
  increments: Partial<Record<keyof T, number>>,
  zeroes: Omit<T, '_id' | 'lastPosition'>,
): void {
  if (current && current.lastPosition >= position) return;
  const next: Record<string, unknown> = { ...(current ?? zeroes), _id: id, lastPosition: position };
  for (const field in increments)
    next[field] = ((next[field] as number | undefined) ?? 0) + (increments[field as keyof T] as number);
  counters.set(next as T);
}

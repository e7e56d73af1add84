import type { Document, LooseDocument } from '../src/read-store/read-store.ts';

/** The documents and helpers every part of the ReadStore contract shares. */
/** The error a promise rejects with; fails the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

export const people: Array<LooseDocument & { name: string }> = [
  { _id: 'p1', name: 'Ann', age: 31, joinedAt: '2024-03-01T10:00:00.000Z', city: { name: 'Oslo' }, nickname: 'annie' },
  { _id: 'p2', name: 'Bob', age: 25, joinedAt: '2023-12-24T08:30:00.000Z', city: { name: 'Rome' } },
  { _id: 'p3', name: 'Cid', age: 40, joinedAt: '2024-01-15T00:00:00.000Z', city: { name: 'Oslo' }, nickname: null },
  { _id: 'p4', name: 'Dee', age: 25, joinedAt: '2024-07-09T23:59:59.999Z', city: { name: 'Lima' } },
];
export const ids = (docs: Document[]) => docs.map((doc) => doc._id);

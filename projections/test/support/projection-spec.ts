import type { DomainEvent } from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { DocumentBatch } from '../../src/document-batch.ts';
import type { ProjectedEvent, Projector } from '../../src/projector.ts';

const metadata = { correlationId: 'c1', causationId: 'c1', actor: { kind: 'system', id: 'test' } } as const;

/** Stamps plain domain events with log positions, as the runner would deliver them. */
export function recorded(events: DomainEvent[], firstPosition = 1): ProjectedEvent[] {
  return events.map((event, index) => ({
    ...event,
    streamId: `test-${index}`,
    position: firstPosition + index,
    metadata,
    createdAt: new Date('2026-11-22T12:00:00.000Z'),
  })) as ProjectedEvent[];
}

/** given(events) applied by the projectors to a fresh embedded read store, as one batch. */
export async function givenProjected(
  projectors: Projector[],
  events: DomainEvent[],
  store: ReadStore = new SqliteReadStore(':memory:'),
): Promise<ReadStore> {
  await projectEvents(store, projectors, recorded(events));
  return store;
}

/** Each event applied on its own (a batch of one), `times` times in a row: at-least-once delivery. */
export async function deliveredOneByOne(
  store: ReadStore,
  projectors: Projector[],
  events: ProjectedEvent[],
  times = 1,
): Promise<void> {
  for (const event of events) for (let i = 0; i < times; i++) await projectEvents(store, projectors, [event]);
}

/**
 * Applies events, in order, to the projectors that handle them, as one batch written to the
 * store at the end, as the runner does but without its checkpoint: a projector's tests in short.
 */
export async function projectEvents(
  store: ReadStore,
  projectors: readonly Projector[],
  events: readonly ProjectedEvent[],
): Promise<void> {
  const batch = new DocumentBatch(store);
  for (const event of events)
    for (const projector of projectors) if (projector.handles.has(event.type)) await projector.apply(event, batch);
  await batch.flush();
}

import type { DomainEvent } from '@vip/contracts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@vip/platform';
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

/** given(events) applied by the projectors to a fresh embedded read store. */
export async function givenProjected(
  projectors: Projector[],
  events: DomainEvent[],
  store: ReadStore = new SqliteReadStore(':memory:'),
): Promise<ReadStore> {
  for (const event of recorded(events)) {
    for (const projector of projectors) {
      if (projector.handles.has(event.type)) await projector.apply(event, store);
    }
  }
  return store;
}

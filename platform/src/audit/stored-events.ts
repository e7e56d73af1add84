import type { EventStore, ReadAllOptions, RecordedEvent, StoredEvent } from '../event-store/event-store.ts';

/** The event as stored, written again from its parsed form (what JSON.stringify wrote). */
export function storedEventOf(event: RecordedEvent): StoredEvent {
  return {
    position: event.position,
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata ?? null),
    recordedAt: event.createdAt.getTime(),
  };
}

/**
 * `$all` forward as stored: straight from an adapter that keeps the text (the embedded log),
 * or written again from the parsed events (EventStoreDB's client parses them). Both give the
 * same text: the writers stored what JSON.stringify wrote, and it writes a parsed value back
 * the same way.
 */
export async function readStoredEvents(store: EventStore, options?: ReadAllOptions): Promise<StoredEvent[]> {
  if (store.readAllStored) return store.readAllStored(options);
  return (await store.readAll(options)).map(storedEventOf);
}

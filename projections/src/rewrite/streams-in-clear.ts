import { personalFields, type StreamNamedInClear, sealStreamId, streamNamedInClear } from '@vip/contracts';
import { type EventStore, pseudonymOf, type StoredEvent } from '@vip/platform';

/** Whether an event holds one of its personal fields as a plain value (written before the encryption). */
function holdsPlainValue(type: string, data: unknown): boolean {
  if (data === null || typeof data !== 'object') return false;
  return (personalFields[type] ?? []).some(({ field }) => {
    const value = (data as Record<string, unknown>)[field];
    return typeof value === 'string' && pseudonymOf(value) === null;
  });
}

/**
 * The streams of a page of the old log that are named after a person in clear, by name. Most
 * names say it alone (a Discord id never looks like a pseudonym); a name that could be either
 * is decided by the stream's first event, read once per page: a stream begun before the
 * encryption holds its person's fields in clear. (The codec goes on writing into a stream begun
 * in clear, so its later events may be encrypted: the first one tells.)
 */
export async function streamsInClear(
  source: EventStore,
  page: readonly StoredEvent[],
): Promise<Map<string, StreamNamedInClear>> {
  const named = new Map<string, StreamNamedInClear>();
  const undecided = new Map<string, StreamNamedInClear>();
  for (const event of page) {
    if (event.streamId === sealStreamId || named.has(event.streamId) || undecided.has(event.streamId)) continue;
    const stream = streamNamedInClear(event.streamId);
    if (!stream) continue;
    if (!stream.mayBePseudonym) named.set(event.streamId, stream);
    else if (event.revision === 0) {
      if (holdsPlainValue(event.type, JSON.parse(event.data))) named.set(event.streamId, stream);
    } else undecided.set(event.streamId, stream);
  }
  for (const [streamId, stream] of undecided) {
    const [first] = await source.readStream(streamId, { maxCount: 1 });
    if (first && holdsPlainValue(first.type, first.data)) named.set(streamId, stream);
  }
  return named;
}

import {
  type AuditDocument,
  type AuditEventView,
  keyDigestOf,
  parseRecordedEvent,
  sentenceOf,
  storedSchemaVersion,
} from '@vip/contracts';
import { AuditNames, type EventStore, type ReadStore, type RecordedEvent, redactEventData } from '@vip/platform';

/**
 * The events the audit documents index, as the audit trail shows them: read from the log by
 * position (the one read of the log a GET makes), in today's shape, redacted, each with its
 * sentence, whose names (servers, users, the signed-in actors) come from the read models. In
 * the documents' order.
 */
export async function auditEvents(
  eventStore: EventStore,
  readStore: ReadStore,
  docs: readonly AuditDocument[],
): Promise<AuditEventView[]> {
  if (docs.length === 0) return [];
  const events = await eventStore.readEventsAt(docs.map((doc) => doc.position));
  const names = new AuditNames(readStore);
  await names.load(
    docs.flatMap((doc) => doc.guildIds),
    docs.flatMap((doc) => doc.userIds),
  );
  const byPosition = new Map(events.map((event) => [event.position, event]));
  return docs.flatMap((doc) => {
    const event = byPosition.get(doc.position);
    // the log is never edited: an indexed event is always there
    return event ? [toAuditView(doc, event, names)] : [];
  });
}

/** Whether the event was caused by a signed-in user or admin, whose name the trail shows. */
const isSignedIn = (event: RecordedEvent) =>
  event.metadata.actor.kind === 'user' || event.metadata.actor.kind === 'admin';

function toAuditView(doc: AuditDocument, event: RecordedEvent, names: AuditNames): AuditEventView {
  const data = parseRecordedEvent(event).data as Record<string, unknown>;
  const { correlationId, causationId, actor } = event.metadata;
  const { shown, redactedFields } = redactEventData(data);
  return {
    position: doc.position,
    streamId: event.streamId,
    type: doc.type,
    schemaVersion: storedSchemaVersion(event.metadata),
    time: doc.time,
    actor: { kind: actor.kind, id: actor.id, username: (isSignedIn(event) && names.names.user(actor.id)) || null },
    correlationId,
    causationId,
    data: shown,
    redactedFields,
    guildIds: doc.guildIds,
    userIds: doc.userIds,
    keyDigest: keyDigestOf(data),
    sentence: sentenceOf(doc.type, data, { actor, time: doc.time, names: names.names }),
  };
}

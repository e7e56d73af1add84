import {
  keyDigestOf,
  parseRecordedEvent,
  readModels,
  storedSchemaVersion,
  type AuditDocument,
  type AuditEventView,
  type UserDocument,
} from '@vip/contracts';
import type { EventStore, ReadStore, RecordedEvent } from '@vip/platform';
import { redactEventData } from './redaction.ts';

/**
 * The events the audit documents index, as the audit trail shows them: read from the log by
 * position (the one read of the log a GET makes), in today's shape, redacted, with the
 * signed-in actors' names from the users read model. In the documents' order.
 */
export async function auditEvents(
  eventStore: EventStore,
  readStore: ReadStore,
  docs: readonly AuditDocument[],
): Promise<AuditEventView[]> {
  if (docs.length === 0) return [];
  const events = await eventStore.readEventsAt(docs.map((doc) => doc.position));
  const signedIn = [...new Set(events.filter(isSignedIn).map((event) => event.metadata.actor.id))];
  const users =
    signedIn.length === 0
      ? []
      : await readStore.collection<UserDocument>(readModels.users).find({ _id: { $in: signedIn } });
  const byPosition = new Map(events.map((event) => [event.position, event]));
  const usernames = new Map(users.map((user) => [user._id, user.username]));
  return docs.flatMap((doc) => {
    const event = byPosition.get(doc.position);
    // the log is never edited: an indexed event is always there
    return event ? [toAuditView(doc, event, usernames)] : [];
  });
}

/** Whether the event was caused by a signed-in user or admin, whose name the trail shows. */
const isSignedIn = (event: RecordedEvent) =>
  event.metadata.actor.kind === 'user' || event.metadata.actor.kind === 'admin';

function toAuditView(doc: AuditDocument, event: RecordedEvent, usernames: Map<string, string>): AuditEventView {
  const data = parseRecordedEvent(event).data as Record<string, unknown>;
  const { correlationId, causationId, actor } = event.metadata;
  return {
    position: doc.position,
    streamId: event.streamId,
    type: doc.type,
    schemaVersion: storedSchemaVersion(event.metadata),
    time: doc.time,
    actor: { kind: actor.kind, id: actor.id, username: (isSignedIn(event) && usernames.get(actor.id)) || null },
    correlationId,
    causationId,
    data: redactEventData(data),
    guildIds: doc.guildIds,
    userIds: doc.userIds,
    keyDigest: keyDigestOf(data),
  };
}

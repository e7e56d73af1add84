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
  const signedIn = [
    ...new Set(
      docs.filter(({ actor }) => actor.kind === 'user' || actor.kind === 'admin').map(({ actor }) => actor.id),
    ),
  ];
  const [events, users] = await Promise.all([
    eventStore.readEventsAt(docs.map((doc) => doc.position)),
    signedIn.length === 0 ? [] : readStore.collection<UserDocument>(readModels.users).find({ _id: { $in: signedIn } }),
  ]);
  const byPosition = new Map(events.map((event) => [event.position, event]));
  const usernames = new Map(users.map((user) => [user._id, user.username]));
  return docs.flatMap((doc) => {
    const event = byPosition.get(doc.position);
    // the log is never edited: an indexed event is always there
    return event ? [toAuditView(doc, event, usernames)] : [];
  });
}

function toAuditView(doc: AuditDocument, event: RecordedEvent, usernames: Map<string, string>): AuditEventView {
  const data = parseRecordedEvent(event).data as Record<string, unknown>;
  const { correlationId, causationId } = event.metadata;
  const signedIn = doc.actor.kind === 'user' || doc.actor.kind === 'admin';
  return {
    position: doc.position,
    streamId: event.streamId,
    type: doc.type,
    schemaVersion: storedSchemaVersion(event.metadata),
    time: doc.time,
    actor: { kind: doc.actor.kind, id: doc.actor.id, username: (signedIn && usernames.get(doc.actor.id)) || null },
    correlationId,
    causationId,
    data: redactEventData(data),
    guildIds: doc.guildIds,
    userIds: doc.userIds,
    keyDigest: keyDigestOf(data),
  };
}

import {
  auditProjection,
  auditReadModels,
  eventSchemas,
  readModels,
  storedSchemaVersion,
  type AuditDocument,
  type EventType,
  type UserDocument,
} from '@vip/contracts';
import { defineProjector } from '../../projector.ts';
import { guildIdsOf, keyDigestOf, redactEventData, userIdsOf } from './redaction.ts';

const everyEventType = Object.keys(eventSchemas) as EventType[];

/**
 * The audit trail: one document per event of the log, with who caused it (a user's name
 * resolved from the users read model at the time the event is applied), the request it
 * belongs to, its redacted data, and the servers, people and key it concerns, so auditors
 * can ask "what happened on this server / to this user / to this key". Runs after the users
 * projector in every batch, so a user's first action already finds their name.
 */
export const auditProjector = defineProjector({
  name: auditProjection,
  collections: [auditReadModels.audit],
  // the audit screen pages newest first, by server, person, type or key
  indexes: {
    [auditReadModels.audit]: [
      { position: -1 },
      { guildIds: 1, position: -1 },
      { userIds: 1, position: -1 },
      { type: 1, position: -1 },
      { keyDigest: 1, position: 1 },
    ],
  },
  handles: everyEventType,
  async apply(event, store) {
    const data = event.data as Record<string, unknown>;
    const { actor, correlationId, causationId } = event.metadata;
    const signedIn = actor.kind === 'user' || actor.kind === 'admin';
    const user = signedIn ? await store.collection<UserDocument>(readModels.users).findOne({ _id: actor.id }) : null;
    const _id = String(event.position).padStart(15, '0');
    const document: AuditDocument = {
      _id,
      position: event.position,
      streamId: event.streamId,
      type: event.type,
      schemaVersion: storedSchemaVersion(event.metadata),
      time: event.createdAt.toISOString(),
      actor: { kind: actor.kind, id: actor.id, username: user?.username ?? null },
      correlationId,
      causationId,
      data: redactEventData(data),
      guildIds: guildIdsOf(data),
      userIds: userIdsOf(data, actor),
      keyDigest: keyDigestOf(data),
    };
    // the document depends only on the event (and who the actor was): a redelivery rewrites it unchanged
    await store.collection<AuditDocument>(auditReadModels.audit).replaceOne({ _id }, document, { upsert: true });
  },
});

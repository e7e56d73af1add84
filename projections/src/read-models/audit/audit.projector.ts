import {
  type AuditDocument,
  auditDocumentId,
  auditProjection,
  auditReadModels,
  type DomainEvent,
  type EventType,
  erasedPerson,
  eventSchemas,
  guildIdsOf,
  keyDigestOf,
  type OpenGrantsDocument,
  userIdsOf,
  vipRoleId,
} from '@vip/contracts';
import type { BatchCollection } from '../../document-batch.ts';
import { defineProjector, type ProjectedEvent } from '../../projector.ts';

const everyEventType = Object.keys(eventSchemas) as EventType[];

/**
 * The audit trail: one small document per event of the log, with what auditors filter on —
 * when, which type, who caused it, and the servers, people and keys it concerns. The event's
 * data is read from the log when a page is shown, redacted then. A VIP role removal also
 * records which keys' windows it closed, so a key's life is one query.
 */
export const auditProjector = defineProjector({
  name: auditProjection,
  // 2: documents index the log instead of copying each event's data; removals name the keys they close
  version: 2,
  collections: [auditReadModels.audit, auditReadModels.openGrants],
  // the audit screen pages newest first, by server, person, type or key; a time is found by
  // time (then paged by position); a server's settings history by server and type
  // (query-service/src/audit/audit-queries.ts asks in exactly these shapes)
  indexes: {
    [auditReadModels.audit]: [
      { position: -1 },
      { guildIds: 1, position: -1 },
      { userIds: 1, position: -1 },
      { type: 1, position: -1 },
      { keyDigests: 1, position: 1 },
      { time: 1, position: 1 },
      { guildIds: 1, type: 1, position: -1 },
    ],
  },
  handles: everyEventType,
  // not async: most events need no read, and a batch applies this to every event
  apply(event, documents) {
    // used first, so the batch writes these documents before the open grants
    const audit = documents.of<AuditDocument>(auditReadModels.audit);
    const data = event.data as Record<string, unknown>;
    const document: AuditDocument = {
      _id: auditDocumentId(event.position),
      position: event.position,
      type: event.type,
      time: event.createdAt.toISOString(),
      guildIds: guildIdsOf(data, event.type),
      userIds: userIdsOf(data, event.metadata.actor, event.type),
    };
    const keyDigest = keyDigestOf(data);
    if (keyDigest) document.keyDigests = [keyDigest];
    if (event.type === 'VipRoleGranted' || event.type === 'VipRoleRemoved')
      return indexVipWindow(event, document, audit, documents.of<OpenGrantsDocument>(auditReadModels.openGrants));
    // the document depends only on the event: a redelivery rewrites it unchanged
    audit.set(document);
  },
});

/**
 * A grant opens its key's window for that member and server; the next removal closes every
 * open one, and its document names their keys.
 */
async function indexVipWindow(
  event: ProjectedEvent<Extract<DomainEvent, { type: 'VipRoleGranted' | 'VipRoleRemoved' }>>,
  document: AuditDocument,
  audit: BatchCollection<AuditDocument>,
  windows: BatchCollection<OpenGrantsDocument>,
): Promise<void> {
  // once erased, every member reads alike: their own stream (named by their pseudonym) still tells them apart
  const erased = event.data.discordUserId === erasedPerson;
  const _id = vipRoleId(event.data.guildId, erased ? `${erasedPerson} ${event.streamId}` : event.data.discordUserId);
  const open = await windows.get(_id);
  // redelivered: this event's document was written before the open grants were
  if (open && open.lastPosition >= event.position) return;
  let keyDigests: string[];
  if (event.type === 'VipRoleGranted') {
    const held = open?.keyDigests ?? [];
    keyDigests = held.includes(event.data.keyDigest) ? [...held] : [...held, event.data.keyDigest];
  } else {
    if (open && open.keyDigests.length > 0) document.keyDigests = [...open.keyDigests];
    keyDigests = [];
  }
  audit.set(document);
  // an erased member's closed windows are kept nowhere: their erasure removed them from the live model
  if (erased && keyDigests.length === 0) windows.delete(_id);
  else windows.set({ _id, keyDigests, lastPosition: event.position });
}

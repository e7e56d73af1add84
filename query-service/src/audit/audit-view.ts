import type { AuditDocument, AuditEventView } from '@vip/contracts';

/** An audit document as the API shows it: everything but the storage id. */
export function toAuditView(doc: AuditDocument): AuditEventView {
  const { _id: _storageId, ...view } = doc;
  return view;
}

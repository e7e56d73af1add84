import {
  toAnnouncementView,
  type AnnouncementDocument,
  type WsServerMessage,
  announcementReadModels,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import type { AppliedBatch } from '../runner.ts';

/**
 * The pushes one committed batch causes. Built from the read model, which already holds
 * the batch, so a pushed announcement looks exactly like one from GET /api/announcements.
 */
export async function liveMessages(batch: AppliedBatch, readStore: ReadStore): Promise<WsServerMessage[]> {
  const messages: WsServerMessage[] = [];
  const announcements = readStore.collection<AnnouncementDocument>(announcementReadModels.announcements);
  for (const event of batch.events) {
    switch (event.type) {
      case 'AnnouncementPosted': {
        // deleted again within the same batch: the deletion push follows, nothing to show
        const doc = await announcements.findOne({ _id: event.data.announcementId });
        if (doc) messages.push({ type: 'announcement', data: toAnnouncementView(doc) });
        break;
      }
      case 'AnnouncementDeleted':
        messages.push({ type: 'announcement_deleted', data: event.data.announcementId });
        break;
    }
  }
  return messages;
}

/** Sessions ended in this batch: their sockets are closed too. */
export function endedSessions(batch: AppliedBatch): Set<string> {
  return new Set(batch.events.flatMap((event) => (event.type === 'SessionEnded' ? [event.data.sessionId] : [])));
}

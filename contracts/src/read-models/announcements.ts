import type { Priority } from '../config-defaults.ts';

/** Read model of the admins' announcements. */
export const announcementReadModels = {
  announcements: 'announcements',
} as const;

export interface AnnouncementDocument {
  _id: string;
  title: string;
  content: string;
  priority: Priority;
  createdAt: string;
  authorId: string;
  author: { username: string; avatar: string | null };
}

/** The answer shape of GET /api/announcements and of the ws push, from the read model. */
export function toAnnouncementView(doc: AnnouncementDocument): import('../api/announcements.ts').AnnouncementView {
  return {
    id: doc._id,
    title: doc.title,
    content: doc.content,
    priority: doc.priority,
    createdAt: doc.createdAt,
    author: doc.author,
  };
}

import { type AnnouncementDocument, announcementReadModels, authReadModels, type UserDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** The announcements list with each author's name and avatar resolved at posting time. */
export const announcementsProjector = defineProjector({
  name: 'announcements',
  collections: [announcementReadModels.announcements],
  indexes: { [announcementReadModels.announcements]: [{ createdAt: -1, _id: -1 }] },
  handles: ['AnnouncementPosted', 'AnnouncementDeleted'],
  async apply(event, documents) {
    const announcements = documents.of<AnnouncementDocument>(announcementReadModels.announcements);
    switch (event.type) {
      case 'AnnouncementPosted': {
        const { announcementId, title, content, priority, authorId, postedAt } = event.data;
        // the users projection runs first in every batch, so an author registered in this batch is found
        const author = await documents.of<UserDocument>(authReadModels.users).get(authorId);
        announcements.set({
          _id: announcementId,
          title,
          content,
          priority,
          createdAt: postedAt,
          authorId,
          author: { username: author?.username ?? 'Unknown', avatar: author?.avatar ?? null },
        });
        return;
      }
      case 'AnnouncementDeleted':
        announcements.delete(event.data.announcementId);
        return;
    }
  },
});

import { readModels, type AnnouncementDocument, type UserDocument } from '@vip/contracts';
import { defineProjector } from '../projector.ts';

/** The announcements list with each author's name and avatar resolved at posting time. */
export const announcementsProjector = defineProjector({
  name: 'announcements',
  collections: [readModels.announcements],
  indexes: { [readModels.announcements]: [{ createdAt: -1, _id: -1 }] },
  handles: ['AnnouncementPosted', 'AnnouncementDeleted'],
  async apply(event, store) {
    const announcements = store.collection<AnnouncementDocument>(readModels.announcements);
    switch (event.type) {
      case 'AnnouncementPosted': {
        const { announcementId, title, content, priority, authorId, postedAt } = event.data;
        const author = await store.collection<UserDocument>(readModels.users).findOne({ _id: authorId });
        await announcements.replaceOne(
          { _id: announcementId },
          {
            _id: announcementId,
            title,
            content,
            priority,
            createdAt: postedAt,
            authorId,
            author: { username: author?.username ?? 'Unknown', avatar: author?.avatar ?? null },
          },
          { upsert: true },
        );
        return;
      }
      case 'AnnouncementDeleted':
        await announcements.deleteOne({ _id: event.data.announcementId });
        return;
    }
  },
});

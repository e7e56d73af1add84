import {
  type AnnouncementDocument,
  announcementReadModels,
  announcementsApi,
  authReadModels,
  toAnnouncementView,
  type UserDocument,
} from '@vip/contracts';
import { type MountedRoute, on, type ReadStore } from '@vip/platform';

export function announcementRoutes(readStore: ReadStore): MountedRoute[] {
  return [
    on(announcementsApi.list, async () => {
      const docs = await readStore
        .collection<AnnouncementDocument>(announcementReadModels.announcements)
        .find({}, { sort: { createdAt: -1, _id: -1 }, limit: 500 });
      // an author's avatar as it is now (a Discord account linked after posting shows its picture)
      const authorIds = [...new Set(docs.map((doc) => doc.authorId))];
      const authors = await readStore
        .collection<UserDocument>(authReadModels.users)
        .find({ _id: { $in: authorIds } }, { projection: { _id: 1, avatar: 1 } });
      const avatarOf = new Map(authors.map((author) => [author._id, author.avatar]));
      return docs.map((doc) => {
        const view = toAnnouncementView(doc);
        return avatarOf.has(doc.authorId)
          ? { ...view, author: { ...view.author, avatar: avatarOf.get(doc.authorId) ?? null } }
          : view;
      });
    }),
  ];
}

import { announcementsApi, readModels, toAnnouncementView, type AnnouncementDocument } from '@vip/contracts';
import { on, type MountedRoute, type ReadStore } from '@vip/platform';

export function announcementRoutes(readStore: ReadStore): MountedRoute[] {
  return [
    on(announcementsApi.list, async () => {
      const docs = await readStore
        .collection<AnnouncementDocument>(readModels.announcements)
        .find({}, { sort: { createdAt: -1, _id: -1 }, limit: 500 });
      return docs.map(toAnnouncementView);
    }),
  ];
}

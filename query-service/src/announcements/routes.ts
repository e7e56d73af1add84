import Router from '@koa/router';
import { readModels, toAnnouncementView, type AnnouncementDocument } from '@vip/contracts';
import { requireUser, type ReadStore } from '@vip/platform';

export function announcementRoutes(readStore: ReadStore): Router {
  const router = new Router();
  router.get('/api/announcements', async (ctx) => {
    requireUser(ctx);
    const docs = await readStore
      .collection<AnnouncementDocument>(readModels.announcements)
      .find({}, { sort: { createdAt: -1, _id: -1 }, limit: 500 });
    ctx.body = docs.map(toAnnouncementView);
  });
  return router;
}

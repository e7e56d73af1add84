import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { announcementIdSchema, createAnnouncementRequestSchema, type AnnouncementView } from '@vip/contracts';
import { requireAdmin, validate, waitForProjection } from '@vip/platform';
import { handleCommand } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { announcementDecider, announcementStream } from './announcement.decider.ts';

const PROJECTION = 'announcements';

export function announcementRoutes(deps: CommandDeps): Router {
  const router = new Router();

  router.post('/api/announcements', async (ctx) => {
    const admin = requireAdmin(ctx);
    const { title, content, priority } = validate(createAnnouncementRequestSchema, ctx.request.body);
    const announcementId = randomUUID();
    const context = commandContext(ctx);
    const { position } = await handleCommand(
      deps.eventStore,
      announcementDecider,
      announcementStream(announcementId),
      { type: 'PostAnnouncement', announcementId, title, content, priority, authorId: admin.id },
      context,
    );
    // the admin's list refetches right after this answer: let it see the new card
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    const created: AnnouncementView = {
      id: announcementId,
      title,
      content,
      priority,
      createdAt: context.now.toISOString(),
      author: { username: admin.username, avatar: admin.avatar },
    };
    ctx.status = 201;
    ctx.body = created;
  });

  router.delete('/api/announcements/:id', async (ctx) => {
    requireAdmin(ctx);
    const announcementId = validate(announcementIdSchema, ctx.params.id);
    const { position } = await handleCommand(
      deps.eventStore,
      announcementDecider,
      announcementStream(announcementId),
      { type: 'DeleteAnnouncement', announcementId },
      commandContext(ctx),
    );
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    ctx.status = 204;
  });

  return router;
}

import { randomUUID } from 'node:crypto';
import { type AnnouncementView, announcementsApi } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { announcements } from './announcements.commands.ts';

export function announcementRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(announcementsApi.post, async ({ ctx, user, body: { title, content, priority } }) => {
      const announcementId = randomUUID();
      const context = commandContext(ctx);
      await announcements(
        deps,
        { type: 'PostAnnouncement', announcementId, title, content, priority, authorId: user.id },
        context,
        { withoutReading: 'new' },
      );
      const created: AnnouncementView = {
        id: announcementId,
        title,
        content,
        priority,
        createdAt: context.now.toISOString(),
        author: { username: user.username, avatar: user.avatar },
      };
      return created;
    }),

    on(announcementsApi.remove, async ({ ctx, params: { id } }) => {
      await announcements(deps, { type: 'DeleteAnnouncement', announcementId: id }, commandContext(ctx));
    }),
  ];
}

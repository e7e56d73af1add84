import { privacyApi } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { memberExport } from './member-export.ts';
import { userExport } from './user-export.ts';

/**
 * GET /api/admin/privacy/members/:discordUserId/export: an admin answers a member's request
 * for their data; GET /api/user/me/export: a panel user downloads their own.
 */
export function privacyRoutes(deps: QueryDeps): MountedRoute[] {
  return [
    on(privacyApi.exportMember, async ({ ctx, params: { discordUserId } }) => {
      ctx.body = await memberExport(deps.eventStore, deps.readStore, discordUserId, new Date());
      ctx.set('Content-Disposition', `attachment; filename="personal-data-${discordUserId}.json"`);
    }),
    on(privacyApi.exportOwn, async ({ ctx, user }) => {
      ctx.body = await userExport(deps.eventStore, deps.readStore, user.id, new Date());
      ctx.set('Content-Disposition', 'attachment; filename="my-data.json"');
    }),
  ];
}

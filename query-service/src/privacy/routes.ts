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
      ctx.set('Content-Disposition', `attachment; filename="personal-data-${discordUserId}.json"`);
      return memberExport(deps.eventStore, deps.readStore, discordUserId, new Date());
    }),
    on(privacyApi.exportOwn, async ({ ctx, user }) => {
      ctx.set('Content-Disposition', 'attachment; filename="my-data.json"');
      return userExport(deps.eventStore, deps.readStore, user.id, new Date());
    }),
  ];
}

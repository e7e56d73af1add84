import { privacyApi } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { memberExport } from './member-export.ts';

/** GET /api/admin/privacy/members/:discordUserId/export: an admin answers a member's request for their data. */
export function privacyRoutes(deps: QueryDeps): MountedRoute[] {
  return [
    on(privacyApi.exportMember, async ({ ctx, params: { discordUserId } }) => {
      ctx.body = await memberExport(deps.eventStore, deps.readStore, discordUserId, new Date());
      ctx.set('Content-Disposition', `attachment; filename="personal-data-${discordUserId}.json"`);
    }),
  ];
}

import { privacyApi } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { eraseMember } from './member-erasure.ts';

/** POST /api/admin/privacy/members/:discordUserId/erase: an admin carries out a member's request. */
export function privacyRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(privacyApi.eraseMember, async ({ ctx, params: { discordUserId } }) =>
      eraseMember(deps, discordUserId, commandContext(ctx)),
    ),
  ];
}

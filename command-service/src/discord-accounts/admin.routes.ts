import { discordApi, discordTexts, type AdminActionResponse } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { releaseServerClaim } from '../servers/servers.commands.ts';
import { unlinkDiscordAccount } from './link-account.ts';

/** The admin's Subscribers screen: unlink a Discord account, release a claim, each with a reason. */
export function discordAdminRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(discordApi.unlink, async ({ ctx, params: { id }, body: { reason } }) => {
      await unlinkDiscordAccount(deps, { userId: id, reason }, commandContext(ctx));
      const answer: AdminActionResponse = { success: true, message: discordTexts.accountUnlinked };
      return answer;
    }),

    on(discordApi.releaseClaim, async ({ ctx, params: { serverId }, body: { reason } }) => {
      await releaseServerClaim(deps, { guildId: serverId, reason }, commandContext(ctx));
      const answer: AdminActionResponse = { success: true, message: discordTexts.claimReleased };
      return answer;
    }),
  ];
}

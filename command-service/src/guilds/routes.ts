import { serversApi, type GuildReportResponse } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { leaveGuild, reportGuild } from './guild-commands.ts';

/** POST/DELETE /api/bot/guilds/:id: the key bot reports the servers it is in. */
export function guildRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    on(serversApi.reportGuild, async ({ ctx, params: { id }, body }) => {
      const { changed } = await reportGuild(deps, id, body, commandContext(ctx));
      const answer: GuildReportResponse = { success: true, changed };
      return answer;
    }),

    on(serversApi.leaveGuild, async ({ ctx, params: { id } }) => {
      const { changed } = await leaveGuild(deps, id, commandContext(ctx));
      const answer: GuildReportResponse = { success: true, changed };
      return answer;
    }),
  ];
}

import Router from '@koa/router';
import { guildReportRequestSchema, serverIdParamSchema, type GuildReportResponse } from '@vip/contracts';
import { requireBot, validate, waitForProjection } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { leaveGuild, reportGuild } from './guild.decider.ts';

const PROJECTION = 'guilds';
const botActor = { kind: 'bot', id: 'key-bot' } as const;

/** POST/DELETE /api/bot/guilds/:id: the key bot reports the servers it is in. */
export function guildRoutes(deps: CommandDeps): Router {
  const router = new Router();

  router.post('/api/bot/guilds/:id', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const guildId = validate(serverIdParamSchema, ctx.params.id);
    const snapshot = validate(guildReportRequestSchema, ctx.request.body);
    const { changed, position } = await reportGuild(deps.eventStore, guildId, snapshot, commandContext(ctx, botActor));
    // key pages opened right after the bot joined should already find the server
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    const body: GuildReportResponse = { success: true, changed };
    ctx.body = body;
  });

  router.delete('/api/bot/guilds/:id', async (ctx) => {
    requireBot(ctx, deps.config.botApiToken);
    const guildId = validate(serverIdParamSchema, ctx.params.id);
    const { changed, position } = await leaveGuild(deps.eventStore, guildId, commandContext(ctx, botActor));
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    const body: GuildReportResponse = { success: true, changed };
    ctx.body = body;
  });

  return router;
}

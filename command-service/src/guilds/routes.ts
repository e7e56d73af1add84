import Router from '@koa/router';
import type { CommandDeps } from '../core/deps.ts';

/** POST/DELETE /api/bot/guilds/:id: the key bot reports the servers it is in. */
export function guildRoutes(_deps: CommandDeps): Router {
  const router = new Router();
  return router;
}

import Router from '@koa/router';
import type { CommandDeps } from '../core/deps.ts';

/** POST/DELETE /api/greetings/settings/:serverId. */
export function greetingRoutes(_deps: CommandDeps): Router {
  const router = new Router();
  return router;
}

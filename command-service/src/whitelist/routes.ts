import Router from '@koa/router';
import type { CommandDeps } from '../core/deps.ts';

/** POST /api/admin/whitelist and /api/admin/blacklist. */
export function whitelistRoutes(_deps: CommandDeps): Router {
  const router = new Router();
  return router;
}

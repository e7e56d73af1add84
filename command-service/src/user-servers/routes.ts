import Router from '@koa/router';
import type { CommandDeps } from '../core/deps.ts';

/** POST /api/user/add-server and /api/user/update-server: a subscriber's server slots. */
export function userServerRoutes(_deps: CommandDeps): Router {
  const router = new Router();
  return router;
}

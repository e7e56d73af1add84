import Router from '@koa/router';
import type { QueryDeps } from '../deps.ts';

/** GET /api/server/..., /api/user/servers. */
export function serverRoutes(_deps: QueryDeps): Router {
  const router = new Router();
  return router;
}

import Router from '@koa/router';
import type { QueryDeps } from '../deps.ts';

/** GET /api/admin/stats and the public figures. */
export function statsRoutes(_deps: QueryDeps): Router {
  const router = new Router();
  return router;
}

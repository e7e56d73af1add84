import Router from '@koa/router';
import type { QueryDeps } from '../deps.ts';

/** GET /api/admin/whitelist. */
export function whitelistRoutes(_deps: QueryDeps): Router {
  const router = new Router();
  return router;
}

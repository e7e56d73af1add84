import Router from '@koa/router';
import type { QueryDeps } from '../deps.ts';

/** GET /api/user/subscription, /api/user/:id, /api/admin/subscribers. */
export function subscriptionRoutes(_deps: QueryDeps): Router {
  const router = new Router();
  return router;
}

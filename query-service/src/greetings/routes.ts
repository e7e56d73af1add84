import Router from '@koa/router';
import type { QueryDeps } from '../deps.ts';

/** GET /api/greetings/settings/:serverId and /api/greetings/list. */
export function greetingRoutes(_deps: QueryDeps): Router {
  const router = new Router();
  return router;
}

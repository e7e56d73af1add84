import Router from '@koa/router';
import type { QueryDeps } from '../deps.ts';

/** GET /api/hash/check|validate/:hash and /api/getGenerationCount. */
export function keyRoutes(_deps: QueryDeps): Router {
  const router = new Router();
  return router;
}

import Router from '@koa/router';
import type { CommandDeps } from '../core/deps.ts';

/** Admins create and change subscriber accounts; subscribers reset their panel password. */
export function subscriptionRoutes(_deps: CommandDeps): Router {
  const router = new Router();
  return router;
}

import Router from '@koa/router';
import type { CommandDeps } from '../core/deps.ts';

/** Access hashes, VIP keys, redemption by the bot, visit tracking. */
export function keyRoutes(_deps: CommandDeps): Router {
  const router = new Router();
  return router;
}

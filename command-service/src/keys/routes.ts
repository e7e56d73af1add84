import Router from '@koa/router';
import { accessHashRoutes } from '../access-hashes/routes.ts';
import type { CommandDeps } from '../core/deps.ts';
import { vipRoleRoutes } from '../vip-roles/routes.ts';
import { visitorRoutes } from '../visitors/routes.ts';
import { keyGenerationRoutes } from './key-generation.routes.ts';

/** Access hashes, VIP keys, redemption by the bot, visit tracking. */
export function keyRoutes(deps: CommandDeps): Router {
  const router = new Router();
  for (const area of [accessHashRoutes(deps), keyGenerationRoutes(deps), vipRoleRoutes(deps), visitorRoutes(deps)]) {
    router.use(area.routes(), area.allowedMethods());
  }
  return router;
}

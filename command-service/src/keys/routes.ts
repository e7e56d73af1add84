import type Router from '@koa/router';
import { mergeRouters } from '@vip/platform';
import { accessHashRoutes } from '../access-hashes/routes.ts';
import type { CommandDeps } from '../core/deps.ts';
import { vipRoleRoutes } from '../vip-roles/routes.ts';
import { visitorRoutes } from '../visitors/routes.ts';
import { keyGenerationRoutes } from './key-generation.routes.ts';

/** Access hashes, VIP keys, redemption by the bot, visit tracking. */
export function keyRoutes(deps: CommandDeps): Router {
  return mergeRouters([accessHashRoutes(deps), keyGenerationRoutes(deps), vipRoleRoutes(deps), visitorRoutes(deps)]);
}

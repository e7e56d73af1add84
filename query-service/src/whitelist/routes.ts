import Router from '@koa/router';
import {
  activeWhitelistFilter,
  subscriptionReadModels,
  type WhitelistDocument,
  type WhitelistResponse,
} from '@vip/contracts';
import { requireAdmin } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

/** GET /api/admin/whitelist: the entries in force now, newest first. */
export function whitelistRoutes(deps: QueryDeps): Router {
  const router = new Router();
  router.get('/api/admin/whitelist', async (ctx) => {
    requireAdmin(ctx);
    const entries = await deps.readStore
      .collection<WhitelistDocument>(subscriptionReadModels.whitelist)
      .find(activeWhitelistFilter(new Date()), { sort: { addedAt: -1, _id: 1 }, limit: 10_000 });
    const body: WhitelistResponse = {
      whitelists: entries.map(({ userId, guildId, duration, expiresAt }) => ({ userId, guildId, duration, expiresAt })),
    };
    ctx.body = body;
  });
  return router;
}

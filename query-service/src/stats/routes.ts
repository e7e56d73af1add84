import Router from '@koa/router';
import { statsReadModels, type PublicStatsResponse } from '@vip/contracts';
import { requireAdmin } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { serverTotals } from '../servers/server-totals.ts';
import { adminStats, keyTotals } from './figures.ts';

/** GET /api/admin/stats and the public figures: both from the same projections. */
export function statsRoutes(deps: QueryDeps): Router {
  const router = new Router();

  router.get('/api/admin/stats', async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await adminStats(deps.readStore, new Date());
  });

  router.get('/api/stats/public', async (ctx) => {
    const [totals, visitors, servers] = await Promise.all([
      keyTotals(deps.readStore),
      deps.readStore.collection(statsReadModels.visitors).countDocuments({}),
      serverTotals(deps.readStore),
    ]);
    const body: PublicStatsResponse = {
      activeUsers: visitors,
      keysGenerated: totals.keysGenerated,
      serversProtected: servers.totalServers,
      totalMembers: servers.totalMembers,
    };
    ctx.body = body;
  });

  return router;
}

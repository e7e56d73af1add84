import { statsApi } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { serverTotals } from '../servers/servers.queries.ts';
import { adminStats, distinctVisitors, keyTotals } from './stats.queries.ts';

/** GET /api/admin/stats and the public figures: both from the same projections. */
export function statsRoutes(deps: QueryDeps): MountedRoute[] {
  return [
    on(statsApi.admin, () => adminStats(deps.readStore, new Date())),

    on(statsApi.public, async () => {
      const [totals, visitors, servers] = await Promise.all([
        keyTotals(deps.readStore),
        distinctVisitors(deps.readStore),
        serverTotals(deps.readStore),
      ]);
      return {
        activeUsers: visitors,
        keysGenerated: totals.keysGenerated,
        serversProtected: servers.totalServers,
        totalMembers: servers.totalMembers,
      };
    }),
  ];
}

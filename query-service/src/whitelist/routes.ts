import {
  activeWhitelistFilter,
  whitelistApi,
  type WhitelistDocument,
  type WhitelistResponse,
  whitelistReadModels,
} from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

/** GET /api/admin/whitelist: the entries in force now, newest first. */
export function whitelistRoutes(deps: QueryDeps): MountedRoute[] {
  return [
    on(whitelistApi.list, async () => {
      const entries = await deps.readStore
        .collection<WhitelistDocument>(whitelistReadModels.whitelist)
        .find(activeWhitelistFilter(new Date()), { sort: { addedAt: -1, _id: 1 }, limit: 10_000 });
      const body: WhitelistResponse = {
        whitelists: entries.map(({ userId, guildId, duration, expiresAt }) => ({
          userId,
          guildId,
          duration,
          expiresAt,
        })),
      };
      return body;
    }),
  ];
}

import {
  activeWhitelistFilter,
  type GuildDocument,
  isDiscordId,
  serverReadModels,
  type WhitelistDocument,
  whitelistApi,
  whitelistReadModels,
} from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import { containing, cursorAfter, pageFilter, pageOf } from '../admin-list-page.ts';
import type { QueryDeps } from '../deps.ts';

/** Servers a name search may match at most: a word that names more is too vague to page by. */
const SERVERS_NAMED_AT_MOST = 1000;

/**
 * GET /api/admin/whitelist: the entries in force now, newest first, a page at a time (the
 * index on addedAt and _id starts each page at its cursor). A search is a Discord user or
 * server id, or part of a server's name.
 */
export function whitelistRoutes(deps: QueryDeps): MountedRoute[] {
  const entries = () => deps.readStore.collection<WhitelistDocument>(whitelistReadModels.whitelist);

  const searchFor = async (search: string | undefined): Promise<Record<string, unknown>[]> => {
    if (search === undefined) return [];
    if (isDiscordId(search)) return [{ $or: [{ userId: search }, { guildId: search }] }];
    const named = await deps.readStore
      .collection<GuildDocument>(serverReadModels.guilds)
      .find({ name: containing(search) }, { projection: { _id: 1 }, limit: SERVERS_NAMED_AT_MOST });
    return [{ guildId: { $in: named.map((guild) => guild._id) } }];
  };

  return [
    on(whitelistApi.list, async ({ query }) => {
      const filter = pageFilter('addedAt', query.after, [
        activeWhitelistFilter(new Date()),
        ...(await searchFor(query.search)),
      ]);
      const rows = await entries().find(filter, { sort: { addedAt: -1, _id: -1 }, limit: query.limit + 1 });
      const { page, next } = pageOf(rows, query.limit, (last) => cursorAfter(last.addedAt, last._id));
      return {
        whitelists: page.map(({ userId, guildId, duration, expiresAt }) => ({ userId, guildId, duration, expiresAt })),
        nextAfter: next,
      };
    }),
  ];
}

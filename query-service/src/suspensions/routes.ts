import {
  type GuildDocument,
  type SuspensionDocument,
  serverReadModels,
  suspensionReadModels,
  suspensionsApi,
} from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

/** GET /api/admin/suspensions: the servers suspended now, most recent first, with their names. */
export function suspensionRoutes(deps: QueryDeps): MountedRoute[] {
  return [
    on(suspensionsApi.list, async () => {
      const suspended = await deps.readStore
        .collection<SuspensionDocument>(suspensionReadModels.suspensions)
        .find({}, { sort: { suspendedAt: -1, _id: 1 }, limit: 5000 });
      const guilds = await deps.readStore
        .collection<GuildDocument>(serverReadModels.guilds)
        .find({ _id: { $in: suspended.map((doc) => doc._id) } }, { projection: { _id: 1, name: 1 } });
      const names = new Map(guilds.map((guild) => [guild._id, guild.name]));
      return {
        suspensions: suspended.map((doc) => ({
          guildId: doc._id,
          serverName: names.get(doc._id) ?? null,
          reason: doc.reason,
          suspendedAt: doc.suspendedAt,
        })),
      };
    }),
  ];
}

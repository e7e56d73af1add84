import {
  defaultGreetingSettings,
  type GreetingDocument,
  type GuildDocument,
  greetingReadModels,
  greetingsApi,
  type ServerOwnerDocument,
  serverReadModels,
} from '@vip/contracts';
import { type MountedRoute, on, requireServerHolder } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';
import { holderOf } from '../servers/servers.queries.ts';

/** GET /api/greetings/settings/:serverId and /api/greetings/list. */
export function greetingRoutes(deps: QueryDeps): MountedRoute[] {
  const owners = () => deps.readStore.collection<ServerOwnerDocument>(serverReadModels.serverOwners);
  const greetings = () => deps.readStore.collection<GreetingDocument>(greetingReadModels.greetings);

  return [
    on(
      greetingsApi.settings,
      async ({ params: { serverId } }) => {
        const greeting = await greetings().findOne({ _id: serverId });
        return greeting
          ? {
              enabled: greeting.enabled,
              channelId: greeting.channelId,
              delay: greeting.delay,
              message: greeting.message,
            }
          : defaultGreetingSettings();
      },
      {
        authorize: ({ user, params: { serverId } }) =>
          requireServerHolder(user, () => holderOf(deps.readStore, serverId)),
      },
    ),

    // admins too see only the greetings of servers they hold themselves
    on(greetingsApi.list, async ({ user }) => {
      const owned = await owners().find({ userId: user.id }, { sort: { claimedAt: 1, _id: 1 } });
      const ids = owned.map((owner) => owner._id);
      const [configured, known] = await Promise.all([
        greetings().find({ _id: { $in: ids } }),
        deps.readStore.collection<GuildDocument>(serverReadModels.guilds).find({ _id: { $in: ids } }),
      ]);
      const greetingOf = new Map(configured.map((greeting) => [greeting._id, greeting]));
      const guildOf = new Map(known.map((guild) => [guild._id, guild]));
      return {
        greetings: ids.flatMap((serverId) => {
          const greeting = greetingOf.get(serverId);
          if (!greeting) return [];
          const guild = guildOf.get(serverId);
          const channel = guild?.channels.find((candidate) => candidate.id === greeting.channelId);
          return [
            {
              serverId,
              serverName: guild?.name ?? serverId,
              channelName: channel?.name ?? null,
              enabled: greeting.enabled,
            },
          ];
        }),
      };
    }),
  ];
}

import Router from '@koa/router';
import {
  defaultGreetingSettings,
  errorTexts,
  serverIdParamSchema,
  serverReadModels,
  type GreetingDocument,
  type GreetingListResponse,
  type GreetingSettings,
  type GuildDocument,
  type ServerOwnerDocument,
} from '@vip/contracts';
import { DomainError, requireUser, validate } from '@vip/platform';
import type { QueryDeps } from '../deps.ts';

/** GET /api/greetings/settings/:serverId and /api/greetings/list. */
export function greetingRoutes(deps: QueryDeps): Router {
  const router = new Router();
  const owners = () => deps.readStore.collection<ServerOwnerDocument>(serverReadModels.serverOwners);
  const greetings = () => deps.readStore.collection<GreetingDocument>(serverReadModels.greetings);

  router.get('/api/greetings/settings/:serverId', async (ctx) => {
    const user = requireUser(ctx);
    const guildId = validate(serverIdParamSchema, ctx.params.serverId);
    if (!user.isAdmin) {
      const owner = await owners().findOne({ _id: guildId });
      if (owner?.userId !== user.id) throw new DomainError('forbidden', errorTexts.notYourServer, 'not_your_server');
    }
    const greeting = await greetings().findOne({ _id: guildId });
    const body: GreetingSettings = greeting
      ? { enabled: greeting.enabled, channelId: greeting.channelId, delay: greeting.delay, message: greeting.message }
      : defaultGreetingSettings();
    ctx.body = body;
  });

  // admins too see only the greetings of servers they hold themselves
  router.get('/api/greetings/list', async (ctx) => {
    const user = requireUser(ctx);
    const owned = await owners().find({ userId: user.id }, { sort: { claimedAt: 1, _id: 1 } });
    const ids = owned.map((owner) => owner._id);
    const [configured, known] = await Promise.all([
      greetings().find({ _id: { $in: ids } }),
      deps.readStore.collection<GuildDocument>(serverReadModels.guilds).find({ _id: { $in: ids } }),
    ]);
    const greetingOf = new Map(configured.map((greeting) => [greeting._id, greeting]));
    const guildOf = new Map(known.map((guild) => [guild._id, guild]));
    const body: GreetingListResponse = {
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
    ctx.body = body;
  });

  return router;
}

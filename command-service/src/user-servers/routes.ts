import Router from '@koa/router';
import {
  addServerRequestSchema,
  serverTexts,
  updateServerRequestSchema,
  type ServerSlotsChangedResponse,
} from '@vip/contracts';
import { requireUser, validate, waitForProjection } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { addSubscriberServer, changeSubscriberServer, type SlotsChange } from './server-slots.ts';

const PROJECTION = 'user-servers';

/** POST /api/user/add-server and /api/user/update-server: a subscriber's server slots. */
export function userServerRoutes(deps: CommandDeps): Router {
  const router = new Router();

  const answer = async (change: SlotsChange, message: string): Promise<ServerSlotsChangedResponse> => {
    // the panel refetches GET /api/user/servers right after this answer
    await waitForProjection(deps.readStore, PROJECTION, change.position);
    return { success: true, message, servers: change.servers, maxSlots: change.maxSlots };
  };

  router.post('/api/user/add-server', async (ctx) => {
    const user = requireUser(ctx);
    const { guildId } = validate(addServerRequestSchema, ctx.request.body);
    const change = await addSubscriberServer(
      deps.eventStore,
      { userId: user.id, guildId, defaultSlots: deps.config.defaultServerSlots },
      commandContext(ctx),
    );
    ctx.body = await answer(change, serverTexts.serverAdded);
  });

  router.post('/api/user/update-server', async (ctx) => {
    const user = requireUser(ctx);
    const { oldId, newId } = validate(updateServerRequestSchema, ctx.request.body);
    const change = await changeSubscriberServer(
      deps.eventStore,
      { userId: user.id, oldGuildId: oldId, newGuildId: newId, defaultSlots: deps.config.defaultServerSlots },
      commandContext(ctx),
    );
    ctx.body = await answer(change, serverTexts.serverUpdated);
  });

  return router;
}

import Router from '@koa/router';
import {
  greetingSettingsRequestSchema,
  greetingTexts,
  serverIdParamSchema,
  type GreetingRemovedResponse,
  type GreetingSavedResponse,
} from '@vip/contracts';
import { requireUser, validate, waitForProjection, type SignedInUser } from '@vip/platform';
import { handleCommand } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { evolveGuild, guildStream, initialGuildState } from '../guilds/guild.state.ts';
import { evolveServerOwner, initialServerOwnerState, serverOwnerStream } from '../user-servers/server-owner.state.ts';
import { greetingDecider, greetingStream, requireGreetingManager, type GreetingInputs } from './greeting.decider.ts';

const PROJECTION = 'greetings';

/** POST/DELETE /api/greetings/settings/:serverId. */
export function greetingRoutes(deps: CommandDeps): Router {
  const router = new Router();

  /** Who holds the server, from its reservation stream (never from a read model). */
  const inputsFor = async (user: SignedInUser, guildId: string): Promise<GreetingInputs> => {
    const owner = await loadState(
      deps.eventStore,
      serverOwnerStream(guildId),
      evolveServerOwner,
      initialServerOwnerState(),
    );
    const inputs = { guildId, caller: { userId: user.id, isAdmin: user.isAdmin }, ownerId: owner.state.ownerId };
    // someone else's server: 403 before anything about the body is said
    requireGreetingManager(inputs);
    return inputs;
  };

  router.post('/api/greetings/settings/:serverId', async (ctx) => {
    const user = requireUser(ctx);
    const guildId = validate(serverIdParamSchema, ctx.params.serverId);
    const inputs = await inputsFor(user, guildId);
    const settings = validate(greetingSettingsRequestSchema, ctx.request.body);
    const guild = await loadState(deps.eventStore, guildStream(guildId), evolveGuild, initialGuildState());
    const { position } = await handleCommand(
      deps.eventStore,
      greetingDecider,
      greetingStream(guildId),
      { type: 'ConfigureGreeting', ...inputs, settings, channels: guild.state.channels },
      commandContext(ctx),
    );
    // the form and the greetings list reload right after saving
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    const body: GreetingSavedResponse = { success: true, message: greetingTexts.settingsSaved, settings };
    ctx.body = body;
  });

  router.delete('/api/greetings/settings/:serverId', async (ctx) => {
    const user = requireUser(ctx);
    const guildId = validate(serverIdParamSchema, ctx.params.serverId);
    const { position } = await handleCommand(
      deps.eventStore,
      greetingDecider,
      greetingStream(guildId),
      { type: 'RemoveGreeting', ...(await inputsFor(user, guildId)) },
      commandContext(ctx),
    );
    if (position !== null) await waitForProjection(deps.readStore, PROJECTION, position);
    const body: GreetingRemovedResponse = { success: true, message: greetingTexts.greetingRemoved };
    ctx.body = body;
  });

  return router;
}

import {
  greetingsApi,
  greetingTexts,
  projections,
  type GreetingRemovedResponse,
  type GreetingSavedResponse,
} from '@vip/contracts';
import { on, type MountedRoute, type SignedInUser } from '@vip/platform';
import { commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadFold } from '../core/load-state.ts';
import { guildFold, guildStream } from '../guilds/guild.state.ts';
import { ownerOfServer, requireEditableServer } from '../subscriptions/plan-standing.ts';
import { greetingDecider, greetingStream, requireGreetingManager, type GreetingInputs } from './greeting.decider.ts';

// the form and the greetings list reload right after saving
const greetings = commandHandlerFor(greetingDecider, (command) => greetingStream(command.guildId), {
  readYourWrites: { projection: projections.greetings, ifLate: 'answer' },
});

/** POST/DELETE /api/greetings/settings/:serverId. */
export function greetingRoutes(deps: CommandDeps): MountedRoute[] {
  // a server beyond the free tier of an ended plan keeps its greeting, unchangeable until renewal
  const slotLimits = { defaultSlots: deps.config.defaultServerSlots, freeTierServers: deps.config.freeTierServers };
  /** Who holds the server, from its reservation stream (never from a read model). */
  const inputsFor = async (user: SignedInUser, guildId: string): Promise<GreetingInputs> => {
    const ownerId = await ownerOfServer(deps.eventStore, guildId);
    return { guildId, caller: { userId: user.id, isAdmin: user.isAdmin }, ownerId };
  };
  // someone else's server: 403 before anything about the body is said
  const authorize = async ({ user, params }: { user: SignedInUser; params: { serverId: string } }) =>
    requireGreetingManager(await inputsFor(user, params.serverId));

  return [
    on(
      greetingsApi.save,
      async ({ ctx, user, params: { serverId }, body: settings }) => {
        const guild = await loadFold(deps, guildStream(serverId), guildFold);
        const inputs = await inputsFor(user, serverId);
        const context = commandContext(ctx);
        await requireEditableServer(deps.eventStore, inputs, slotLimits, context.now);
        await greetings(
          deps,
          { type: 'ConfigureGreeting', ...inputs, settings, channels: guild.state.channels },
          context,
        );
        const answer: GreetingSavedResponse = { success: true, message: greetingTexts.settingsSaved, settings };
        return answer;
      },
      { authorize },
    ),

    on(
      greetingsApi.remove,
      async ({ ctx, user, params: { serverId } }) => {
        const inputs = await inputsFor(user, serverId);
        const context = commandContext(ctx);
        await requireEditableServer(deps.eventStore, inputs, slotLimits, context.now);
        await greetings(deps, { type: 'RemoveGreeting', ...inputs }, context);
        const answer: GreetingRemovedResponse = { success: true, message: greetingTexts.greetingRemoved };
        return answer;
      },
      { authorize },
    ),
  ];
}

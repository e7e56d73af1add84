import { greetingsApi, greetingTexts, slotLimitsOf } from '@vip/contracts';
import { type MountedRoute, on, requireServerHolder, type SignedInUser } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { guildOf, ownerOfServer } from '../servers/servers.reads.ts';
import { requireEditableServer } from '../subscriptions/subscriptions.commands.ts';
import { greetings } from './greetings.commands.ts';

/** POST/DELETE /api/greetings/settings/:serverId. */
export function greetingRoutes(deps: CommandDeps): MountedRoute[] {
  // a server beyond the free tier of an ended plan keeps its greeting, unchangeable until renewal
  const slotLimits = slotLimitsOf(deps.config);
  /** Who holds the server, from its reservation stream (never from a read model). */
  const holderOf = (guildId: string) => ownerOfServer(deps.eventStore, guildId);
  // someone else's server: 403 before anything about the body is said
  const authorize = ({ user, params }: { user: SignedInUser; params: { serverId: string } }) =>
    requireServerHolder(user, () => holderOf(params.serverId));
  const requireEditable = async (user: SignedInUser, guildId: string, now: Date) =>
    requireEditableServer(
      deps.eventStore,
      { caller: user, ownerId: await holderOf(guildId), guildId },
      slotLimits,
      now,
    );

  return [
    on(
      greetingsApi.save,
      async ({ ctx, user, params: { serverId }, body: settings }) => {
        const { channels } = await guildOf(deps, serverId);
        const context = commandContext(ctx);
        await requireEditable(user, serverId, context.now);
        await greetings(deps, { type: 'ConfigureGreeting', guildId: serverId, settings, channels }, context);
        return { success: true, message: greetingTexts.settingsSaved, settings };
      },
      { authorize },
    ),

    on(
      greetingsApi.remove,
      async ({ ctx, user, params: { serverId } }) => {
        const context = commandContext(ctx);
        await requireEditable(user, serverId, context.now);
        await greetings(deps, { type: 'RemoveGreeting', guildId: serverId }, context);
        return { success: true, message: greetingTexts.greetingRemoved };
      },
      { authorize },
    ),
  ];
}

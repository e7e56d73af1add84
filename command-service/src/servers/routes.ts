import { type AnswerOf, discordTexts, errorCodes, serversApi, serverTexts, slotLimitsOf } from '@vip/contracts';
import { DomainError, type MountedRoute, on } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { requireEditableServer, requireFreeTierSlot } from '../subscriptions/subscriptions.commands.ts';
import {
  addSubscriberServer,
  changeSubscriberServer,
  leaveGuild,
  reportGuild,
  type SlotsChange,
} from './servers.commands.ts';
import { unverifiedAmong } from './servers.reads.ts';

/**
 * POST /api/user/add-server and /api/user/update-server: a subscriber's server slots, for
 * servers their linked Discord account manages (decisions.md §9); POST/DELETE
 * /api/bot/guilds/:id: the key bot reports the servers it is in.
 */
export function serverRoutes(deps: CommandDeps): MountedRoute[] {
  const defaultSlots = deps.config.defaultServerSlots;
  // decisions.md §11: once a plan ended, the free tier's servers only; the others are read-only
  const limits = slotLimitsOf(deps.config);
  // a refusal for want of proof names only the ways this site has: no "Sign in with Discord" where it is not set up
  const signInWithDiscord = Boolean(deps.config.discordClientId && deps.config.discordClientSecret);
  const inThisSitesWords = (failure: unknown): never => {
    if (!signInWithDiscord && failure instanceof DomainError && failure.code === errorCodes.managementUnproven)
      throw new DomainError(failure.kind, discordTexts.proveManagementByCode, failure.code);
    throw failure;
  };
  const answer = async (
    userId: string,
    { servers, maxSlots }: SlotsChange,
    message: string,
  ): Promise<AnswerOf<typeof serversApi.addServer>> => {
    return {
      success: true,
      message,
      servers,
      maxSlots,
      unverified: await unverifiedAmong(deps, userId, servers),
    };
  };
  return [
    on(serversApi.addServer, async ({ ctx, user, body: { guildId } }) => {
      const context = commandContext(ctx);
      await requireFreeTierSlot(deps.eventStore, user.id, limits, context.now);
      const change = await addSubscriberServer(deps, { userId: user.id, guildId, defaultSlots }, context).catch(
        inThisSitesWords,
      );
      return answer(user.id, change, serverTexts.serverAdded);
    }),

    on(serversApi.updateServer, async ({ ctx, user, body: { oldId, newId } }) => {
      const context = commandContext(ctx);
      const caller = { isAdmin: false };
      await requireEditableServer(deps.eventStore, { caller, ownerId: user.id, guildId: oldId }, limits, context.now);
      const change = await changeSubscriberServer(
        deps,
        { userId: user.id, oldGuildId: oldId, newGuildId: newId, defaultSlots },
        context,
      ).catch(inThisSitesWords);
      return answer(user.id, change, serverTexts.serverUpdated);
    }),

    on(serversApi.reportGuild, async ({ ctx, params: { id }, body }) => {
      const { changed } = await reportGuild(deps, id, body, commandContext(ctx));
      return { success: true, changed };
    }),

    on(serversApi.leaveGuild, async ({ ctx, params: { id } }) => {
      const { changed } = await leaveGuild(deps, id, commandContext(ctx));
      return { success: true, changed };
    }),
  ];
}

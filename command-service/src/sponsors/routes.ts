import { slotLimitsOf, sponsorsApi, sponsorTexts } from '@vip/contracts';
import { type MountedRoute, on, requireServerHolder, type SignedInUser } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { ownerOfServer } from '../servers/servers.reads.ts';
import { requireEditableServer } from '../subscriptions/subscriptions.commands.ts';
import type { SponsorInputs } from './server-sponsor.decider.ts';
import { sponsors } from './sponsors.commands.ts';

/** POST/DELETE /api/server/:id/sponsor: a server's own sponsor step (decisions.md §3). */
export function sponsorRoutes(deps: CommandDeps): MountedRoute[] {
  // a server beyond the free tier of an ended plan keeps its link as it is until renewal (an admin still may)
  const slotLimits = slotLimitsOf(deps.config);
  /** Who holds the server, from its reservation stream (never from a read model). */
  const inputsFor = async (user: SignedInUser, guildId: string): Promise<SponsorInputs> => {
    const ownerId = await ownerOfServer(deps.eventStore, guildId);
    return { guildId, caller: { userId: user.id, isAdmin: user.isAdmin }, ownerId };
  };
  // someone else's server: 403 before anything about the body is said
  const authorize = ({ user, params }: { user: SignedInUser; params: { id: string } }) =>
    requireServerHolder(user, () => ownerOfServer(deps.eventStore, params.id));

  return [
    on(
      sponsorsApi.setServerSponsor,
      async ({ ctx, user, params: { id }, body: { sponsorUrl } }) => {
        const inputs = await inputsFor(user, id);
        const context = commandContext(ctx);
        await requireEditableServer(deps.eventStore, inputs, slotLimits, context.now);
        await sponsors(deps, { type: 'SetServerSponsor', ...inputs, sponsorUrl }, context);
        return {
          success: true,
          message: sponsorTexts.sponsorSet,
          serverId: id,
          sponsorUrl,
        };
      },
      { authorize },
    ),

    on(
      sponsorsApi.clearServerSponsor,
      async ({ ctx, user, params: { id } }) => {
        const inputs = await inputsFor(user, id);
        const context = commandContext(ctx);
        await requireEditableServer(deps.eventStore, inputs, slotLimits, context.now);
        await sponsors(deps, { type: 'ClearServerSponsor', ...inputs }, context);
        return {
          success: true,
          message: sponsorTexts.sponsorCleared,
          serverId: id,
          sponsorUrl: null,
        };
      },
      { authorize },
    ),
  ];
}

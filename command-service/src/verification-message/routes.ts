import {
  notIncludedText,
  planIncludes,
  slotLimitsOf,
  verificationMessageApi,
  verificationMessageTexts,
} from '@vip/contracts';
import { type MountedRoute, on, requireServerHolder, type SignedInUser } from '@vip/platform';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { ownerOfServer } from '../servers/servers.reads.ts';
import { planOfSubscriber, requireEditableServer } from '../subscriptions/subscriptions.commands.ts';
import { messages } from './verification-message.commands.ts';
import type { VerificationMessageInputs } from './verification-message.decider.ts';

/** POST/DELETE /api/verification-message/:serverId. */
export function verificationMessageRoutes(deps: CommandDeps): MountedRoute[] {
  const limits = slotLimitsOf(deps.config);

  /**
   * The owner's plan, from the log; refused first when the server is read-only (beyond the
   * free tier of the owner's ended plan), as every server setting is.
   */
  const inputsFor = async (user: SignedInUser, guildId: string, now: Date): Promise<VerificationMessageInputs> => {
    const ownerId = await ownerOfServer(deps.eventStore, guildId);
    await requireEditableServer(deps.eventStore, { caller: user, ownerId, guildId }, limits, now);
    const holding = ownerId ? await planOfSubscriber(deps.eventStore, ownerId, now) : null;
    const feature = 'customVerificationMessage';
    return {
      guildId,
      caller: { userId: user.id, isAdmin: user.isAdmin },
      included: planIncludes(holding, feature),
      notIncludedText: notIncludedText(holding, feature),
    };
  };
  // someone else's server: 403 before anything about the body is said
  const authorize = ({ user, params }: { user: SignedInUser; params: { serverId: string } }) =>
    requireServerHolder(user, () => ownerOfServer(deps.eventStore, params.serverId));

  return [
    on(
      verificationMessageApi.save,
      async ({ ctx, user, params: { serverId }, body: message }) => {
        const context = commandContext(ctx);
        const inputs = await inputsFor(user, serverId, context.now);
        await messages(deps, { type: 'ConfigureVerificationMessage', ...inputs, message }, context);
        return {
          success: true,
          message: verificationMessageTexts.saved,
          settings: message,
        };
      },
      { authorize },
    ),

    on(
      verificationMessageApi.reset,
      async ({ ctx, user, params: { serverId } }) => {
        const context = commandContext(ctx);
        const inputs = await inputsFor(user, serverId, context.now);
        await messages(deps, { type: 'ResetVerificationMessage', ...inputs }, context);
        return { success: true, message: verificationMessageTexts.reset };
      },
      { authorize },
    ),
  ];
}

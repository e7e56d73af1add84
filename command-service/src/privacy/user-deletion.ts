import { type DeleteUserResponse, errorCodes, personOf, planRuns, privacyTexts } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import { endOtherSessions, userOf, users } from '../auth/auth.commands.ts';
import type { StripeGateway } from '../billing/stripe-gateway.ts';
import type { CommandContext } from '../core/command-handler.ts';
import type { CommandDeps } from '../core/deps.ts';
import { unlinkDiscordAccount } from '../discord/discord.commands.ts';
import { discordLinkOf } from '../discord/discord.reads.ts';
import { owners, slots } from '../servers/servers.commands.ts';
import { ownerOfServer, slotsHeldBy } from '../servers/servers.reads.ts';
import { subscriptionOf, subscriptions } from '../subscriptions/subscriptions.commands.ts';
import { eraseMember, readModelsCaughtUp } from './member-erasure.ts';

/** Why the servers and the Discord link were let go, as their events say it. */
const DELETION_REASON = 'account deleted';

/**
 * A panel user's account deleted, on their own request or an admin's on theirs. Stripe stops
 * charging first (when Stripe refuses, nothing else has changed and the request can be made
 * again); then the plan ends, the servers and the Discord link are released, the account is
 * recorded deleted once its keys are destroyed (its username and avatar in the log, and the
 * entry that finds its username's reservation: the name is free again; login no longer finds
 * it, no read model lists it), every session ends
 * (their tokens answer 401), and the linked Discord member is erased as an admin's member
 * erasure does it. The billing facts stay in the log: they name the Stripe customer and
 * invoices by Stripe's ids and the account by its id only.
 */
export async function deleteUser(
  deps: CommandDeps,
  gateway: StripeGateway | null,
  input: { userId: string; by: 'self' | 'admin' },
  context: CommandContext,
): Promise<DeleteUserResponse> {
  const { userId, by } = input;
  const account = await userOf(deps.eventStore, userId);
  if (!account.registered || account.deleted)
    throw new DomainError('not_found', privacyTexts.userNotFound, errorCodes.userNotFound);
  if (account.isAdmin) throw new DomainError('forbidden', privacyTexts.adminNotDeletable, errorCodes.forbidden);

  const plan = await subscriptionOf(deps.eventStore, userId);
  const standing = plan.billing.standing;
  const billed = standing && standing.status !== 'ended' ? standing.subscriptionId : null;
  if (billed && gateway) await gateway.cancelSubscription(billed, 'now');
  if (plan.planName !== null && planRuns(plan, context.now))
    await subscriptions(deps, { type: 'EndSubscription', userId }, context);

  const servers = await slotsHeldBy(deps.eventStore, userId);
  for (const guildId of servers) {
    if ((await ownerOfServer(deps.eventStore, guildId)) === userId)
      await owners(deps, { type: 'ReleaseServer', guildId, userId, reason: DELETION_REASON }, context);
    await slots(deps, { type: 'RemoveServer', userId, guildId, cause: 'released' }, context);
  }
  const { discordUserId } = await discordLinkOf(deps.eventStore, userId);
  if (discordUserId) await unlinkDiscordAccount(deps, { userId, reason: DELETION_REASON }, context);

  // the account's keys go before its deletion is recorded: a deletion cut short is asked again
  // and finds the account still there, never a deleted account whose name the log can still read
  if (account.username) await deps.personalKeys.forget(personOf('username', account.username.toLowerCase()));
  await deps.personalKeys.forget(personOf('user', userId));
  await users(deps, { type: 'DeleteUser', userId, by, stripeSubscriptionCancelled: billed }, context);
  const sessionsEnded = await endOtherSessions(deps, userId, '', context);
  const member = discordUserId ? await eraseMember(deps, discordUserId, context) : null;
  // the users read model drops the account; the old versions of its documents leave the write-ahead logs
  await readModelsCaughtUp(deps);
  await Promise.all([deps.readStore.truncateWriteAheadLog?.(), deps.snapshotStore.truncateWriteAheadLog?.()]);
  return {
    success: true,
    message: privacyTexts.accountDeleted,
    stripeSubscriptionCancelled: billed,
    serversReleased: servers.length,
    sessionsEnded,
    member,
  };
}

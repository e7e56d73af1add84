import {
  authReadModels,
  type DiscordAccountDocument,
  discordReadModels,
  errorCodes,
  privacyTexts,
  type SessionDocument,
  type SubscriptionDocument,
  serverReadModels,
  subscriptionReadModels,
  type UserDataExport,
  type UserDocument,
  type UserServersDocument,
} from '@vip/contracts';
import { DomainError, type EventStore, type ReadStore } from '@vip/platform';
import { factsAbout, memberExport } from './member-export.ts';

/**
 * A panel user's copy of their data: their account, plan, servers, open sessions and linked
 * Discord account as the read models hold them now, in sentences; every fact of the log that
 * names the account; and the linked Discord account's own copy, as an admin's member export
 * gives it. Each read is by the user's id, so the copy costs their own facts only.
 */
export async function userExport(
  eventStore: EventStore,
  readStore: ReadStore,
  userId: string,
  now: Date,
): Promise<UserDataExport> {
  const [account, subscription, servers, sessions, discord] = await Promise.all([
    readStore.collection<UserDocument>(authReadModels.users).findOne({ _id: userId }),
    readStore.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions).findOne({ _id: userId }),
    readStore.collection<UserServersDocument>(serverReadModels.userServers).findOne({ _id: userId }),
    readStore
      .collection<SessionDocument>(authReadModels.sessions)
      .find({ userId, endedAt: null, expiresAt: { $gt: now.toISOString() } }),
    readStore.collection<DiscordAccountDocument>(discordReadModels.discordAccounts).findOne({ _id: userId }),
  ]);
  if (!account) throw new DomainError('not_found', privacyTexts.userNotFound, errorCodes.userNotFound);
  const serverIds = servers?.servers ?? [];
  const sentences = [
    `You registered the panel account "${account.username}" on ${account.registeredAt}${account.isAdmin ? ', as an admin' : ''}.`,
    subscription
      ? `Your plan "${subscription.planName}" started on ${subscription.startedAt} and ${subscription.endedAt ? `ended on ${subscription.endedAt}` : `runs until ${subscription.expiresAt}`}.`
      : 'You have no plan.',
    serverIds.length > 0 ? `Your slots hold the servers ${serverIds.join(', ')}.` : 'Your slots hold no server.',
    `You have ${sessions.length === 1 ? '1 open session' : `${sessions.length} open sessions`}.`,
    discord
      ? `Your Discord account ${discord.username} (${discord.discordUserId}) was linked on ${discord.linkedAt}.`
      : 'No Discord account is linked.',
  ];
  return {
    person: { kind: 'panel-user', userId, username: account.username },
    exportedAt: now.toISOString(),
    current: {
      account: {
        username: account.username,
        isAdmin: account.isAdmin,
        registeredAt: account.registeredAt,
        avatar: account.avatar,
      },
      subscription: subscription ? { ...subscription, _id: undefined } : null,
      servers: serverIds,
      openSessions: sessions.map((session) => ({
        startedAt: session.startedAt ?? null,
        expiresAt: session.expiresAt ?? null,
      })),
      linkedDiscordAccount: discord
        ? { discordUserId: discord.discordUserId, username: discord.username, linkedAt: discord.linkedAt }
        : null,
      sentences,
    },
    facts: await factsAbout(eventStore, readStore, userId, discord ? [discord.discordUserId] : []),
    linkedDiscordMember: discord ? await memberExport(eventStore, readStore, discord.discordUserId, now) : null,
  };
}

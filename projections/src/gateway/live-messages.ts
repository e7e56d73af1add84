import {
  type AnnouncementDocument,
  analyticsReadModels,
  announcementReadModels,
  type ServerDailyDocument,
  type ServerOwnerDocument,
  serverReadModels,
  toAnnouncementView,
  type WsServerMessage,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import type { AppliedBatch } from '../runner.ts';

/** A push and whom it is for: one user's sockets, or every signed-in socket when `userId` is absent. */
export interface LiveMessage {
  message: WsServerMessage;
  userId?: string;
}

/** Events that change what GET /api/user/discord answers its user (named in their `userId`). */
const discordEvents = new Set([
  'DiscordAccountLinked',
  'DiscordProfileRefreshed',
  'DiscordAccountUnlinked',
  'ServerManagementProven',
  'ServerManagementLapsed',
  'ManagementCheckRequested',
  'ManagementCheckAnswered',
  // a claim's verification changes the managed servers' `claim`
  'ServerClaimVerified',
  'ServerClaimUnverified',
  'ServerTakenOver',
]);

/** Events that change a user's slots or the claims on them (named in their `userId`). */
const userServerEvents = new Set([
  'SubscriberServerAdded',
  'SubscriberServerChanged',
  'SubscriberServerRemoved',
  'ServerClaimed',
  'ServerReleased',
  'ServerClaimVerified',
  'ServerClaimUnverified',
  'ServerTakenOver',
]);

/** Events that change a server's card for its owner (GET /api/server/:id), found by `guildId`. */
const serverCardEvents = new Set([
  'GuildReported',
  'GuildLeft',
  'ServerSuspended',
  'ServerSuspensionLifted',
  'VipRoleChosen',
  'VipRoleFailed',
  'VipRoleFixed',
]);

const field = (data: unknown, name: string): string | undefined => {
  const value = (data as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The pushes one committed batch causes. Built from the read models, which already hold the
 * batch, so a pushed announcement looks exactly like one from GET /api/announcements. A user's
 * own changes are said once per batch and user, and only to that user: a suspension's reason,
 * a Discord link, a slot are nobody else's business. The lookups are one per server the batch
 * touched, whatever the log's length.
 */
export async function liveMessages(batch: AppliedBatch, readStore: ReadStore): Promise<LiveMessage[]> {
  const messages: LiveMessage[] = [];
  const announcements = readStore.collection<AnnouncementDocument>(announcementReadModels.announcements);
  const discordUsers = new Set<string>();
  const serverUsers = new Set<string>();
  const changedServers = new Set<string>();
  const redeemedIn = new Map<string, number>();
  for (const event of batch.events) {
    switch (event.type) {
      case 'AnnouncementPosted': {
        // deleted again within the same batch: the deletion push follows, nothing to show
        const doc = await announcements.findOne({ _id: event.data.announcementId });
        if (doc) messages.push({ message: { type: 'announcement', data: toAnnouncementView(doc) } });
        break;
      }
      case 'AnnouncementDeleted':
        messages.push({ message: { type: 'announcement_deleted', data: event.data.announcementId } });
        break;
    }
    const userId = field(event.data, 'userId');
    if (userId && discordEvents.has(event.type)) discordUsers.add(userId);
    if (userId && userServerEvents.has(event.type)) serverUsers.add(userId);
    const guildId = field(event.data, 'guildId');
    if (guildId && serverCardEvents.has(event.type)) changedServers.add(guildId);
    if (guildId && event.type === 'KeyRedeemed') redeemedIn.set(guildId, (redeemedIn.get(guildId) ?? 0) + 1);
  }
  for (const [guildId, count] of redeemedIn) {
    if (await firstRedemptionsOf(readStore, guildId, count)) changedServers.add(guildId);
  }
  for (const userId of discordUsers) messages.push({ message: { type: 'discord_changed' }, userId });
  for (const userId of serverUsers) messages.push({ message: { type: 'servers_changed' }, userId });
  if (changedServers.size > 0) {
    const owners = await readStore
      .collection<ServerOwnerDocument>(serverReadModels.serverOwners)
      .find({ _id: { $in: [...changedServers] } });
    for (const owner of owners)
      messages.push({ message: { type: 'server_changed', data: owner._id }, userId: owner.userId });
  }
  return messages;
}

/**
 * Whether this batch's `count` redemptions are the server's first ever (its owner's setup
 * checklist ticks on the first one): a busy server's later redemptions push nothing. At most
 * two documents read, whatever the server's history.
 */
async function firstRedemptionsOf(readStore: ReadStore, guildId: string, count: number): Promise<boolean> {
  const days = await readStore
    .collection<ServerDailyDocument>(analyticsReadModels.serverDaily)
    .find({ guildId, keysRedeemed: { $gt: 0 } }, { limit: 2 });
  return days.length === 1 && days[0].keysRedeemed === count;
}

/** Sessions ended in this batch: their sockets are closed too. */
export function endedSessions(batch: AppliedBatch): Set<string> {
  return new Set(batch.events.flatMap((event) => (event.type === 'SessionEnded' ? [event.data.sessionId] : [])));
}

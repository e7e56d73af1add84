import { authReadModels, discordAvatarUrl, type UserDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * Who can be shown as an author and who is an admin, with their avatar: a linked Discord
 * account's (decisions.md §9), else none (the initial letter). No password hash is copied here.
 */
export const usersProjector = defineProjector({
  name: 'users',
  collections: [authReadModels.users],
  // the admin's accounts without a plan, newest first
  indexes: { [authReadModels.users]: [{ registeredAt: -1, _id: -1 }] },
  handles: [
    'UserRegistered',
    'DiscordAccountLinked',
    'DiscordProfileRefreshed',
    'DiscordAccountUnlinked',
    'UserDeleted',
  ],
  async apply(event, documents) {
    const users = documents.of<UserDocument>(authReadModels.users);
    if (event.type === 'UserRegistered') {
      // v1 events were upcast with avatar: null, so every event here carries one
      const { userId, username, isAdmin, registeredAt, avatar } = event.data;
      // the whole document comes from the event: applying it twice changes nothing
      users.set({ _id: userId, username, isAdmin, avatar, registeredAt });
      return;
    }
    // a deleted account is listed nowhere: its username is personal data
    if (event.type === 'UserDeleted') {
      users.delete(event.data.userId);
      return;
    }
    const user = await users.get(event.data.userId);
    if (!user) return;
    // each sets the avatar the event implies, so a redelivery leaves the same document
    const avatar =
      event.type === 'DiscordAccountUnlinked' ? null : discordAvatarUrl(event.data.discordUserId, event.data.avatar);
    users.set({ ...user, avatar });
  },
});

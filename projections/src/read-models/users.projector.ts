import { readModels, type UserDocument } from '@vip/contracts';
import { defineProjector } from '../projector.ts';

/** Who can be shown as an author and who is an admin. No password hash is copied here. */
export const usersProjector = defineProjector({
  name: 'users',
  collections: [readModels.users],
  handles: ['UserRegistered'],
  async apply(event, documents) {
    // v1 events were upcast with avatar: null, so every event here carries one
    const { userId, username, isAdmin, registeredAt, avatar } = event.data;
    // the whole document comes from the event: applying it twice changes nothing
    documents.of<UserDocument>(readModels.users).set({ _id: userId, username, isAdmin, avatar, registeredAt });
  },
});

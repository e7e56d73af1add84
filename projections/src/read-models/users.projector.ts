import { readModels, type UserDocument } from '@vip/contracts';
import { defineProjector } from '../projector.ts';

/** Who can be shown as an author and who is an admin. No password hash is copied here. */
export const usersProjector = defineProjector({
  name: 'users',
  collections: [readModels.users],
  handles: ['UserRegistered'],
  async apply(event, store) {
    const { userId, username, isAdmin, registeredAt } = event.data;
    await store
      .collection<UserDocument>(readModels.users)
      .updateOne({ _id: userId }, { $set: { username, isAdmin, registeredAt }, $setOnInsert: { avatar: null } }, { upsert: true });
  },
});

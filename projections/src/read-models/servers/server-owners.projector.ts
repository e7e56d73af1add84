import { serverReadModels, type ServerOwnerDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Which subscriber holds each server: the query side's answer to "is this your server?". */
export const serverOwnersProjector = defineProjector({
  name: 'server-owners',
  collections: [serverReadModels.serverOwners],
  // a subscriber's servers in the order they were claimed
  indexes: { [serverReadModels.serverOwners]: [{ userId: 1, claimedAt: 1 }] },
  handles: ['ServerClaimed', 'ServerReleased'],
  async apply(event, store) {
    const owners = store.collection<ServerOwnerDocument>(serverReadModels.serverOwners);
    switch (event.type) {
      case 'ServerClaimed': {
        const { guildId, userId, claimedAt } = event.data;
        await owners.replaceOne({ _id: guildId }, { _id: guildId, userId, claimedAt }, { upsert: true });
        return;
      }
      case 'ServerReleased':
        // only the releasing owner's claim goes: a redelivered release never drops a newer claim
        await owners.deleteOne({ _id: event.data.guildId, userId: event.data.userId });
        return;
    }
  },
});

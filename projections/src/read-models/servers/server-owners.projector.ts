import { serverReadModels, type ServerOwnerDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Which subscriber holds each server: the query side's answer to "is this your server?". */
export const serverOwnersProjector = defineProjector({
  name: 'server-owners',
  collections: [serverReadModels.serverOwners],
  // a subscriber's servers in the order they were claimed
  indexes: { [serverReadModels.serverOwners]: [{ userId: 1, claimedAt: 1 }] },
  handles: ['ServerClaimed', 'ServerReleased'],
  async apply(event, documents) {
    const owners = documents.of<ServerOwnerDocument>(serverReadModels.serverOwners);
    switch (event.type) {
      case 'ServerClaimed': {
        const { guildId, userId, claimedAt } = event.data;
        owners.set({ _id: guildId, userId, claimedAt });
        return;
      }
      case 'ServerReleased': {
        // only the releasing owner's claim goes: a redelivered release never drops a newer claim
        const owner = await owners.get(event.data.guildId);
        if (owner?.userId === event.data.userId) owners.delete(owner._id);
        return;
      }
    }
  },
});

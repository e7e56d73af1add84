import { type ServerOwnerDocument, serverReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * Which subscriber holds each server, and whether that claim is verified (the Discord
 * account that proved they manage it): the query side's answer to "is this your server?".
 */
export const serverOwnersProjector = defineProjector({
  name: 'server-owners',
  // 2: documents say which Discord account verified the claim (null: unverified)
  version: 2,
  collections: [serverReadModels.serverOwners],
  // a subscriber's servers in the order they were claimed
  indexes: { [serverReadModels.serverOwners]: [{ userId: 1, claimedAt: 1 }] },
  handles: ['ServerClaimed', 'ServerReleased', 'ServerTakenOver', 'ServerClaimVerified', 'ServerClaimUnverified'],
  async apply(event, documents) {
    const owners = documents.of<ServerOwnerDocument>(serverReadModels.serverOwners);
    switch (event.type) {
      case 'ServerClaimed': {
        const { guildId, userId, claimedAt, discordUserId } = event.data;
        owners.set({ _id: guildId, userId, claimedAt, discordUserId });
        return;
      }
      case 'ServerTakenOver': {
        const { guildId, userId, takenOverAt, discordUserId } = event.data;
        owners.set({ _id: guildId, userId, claimedAt: takenOverAt, discordUserId });
        return;
      }
      case 'ServerClaimVerified': {
        // only the verifying owner's claim: a redelivered verification never touches a newer claim
        const owner = await owners.get(event.data.guildId);
        if (owner?.userId === event.data.userId) owners.set({ ...owner, discordUserId: event.data.discordUserId });
        return;
      }
      case 'ServerClaimUnverified': {
        // only if this account's proof still stands there: a newer proof is kept
        const owner = await owners.get(event.data.guildId);
        if (owner?.userId === event.data.userId && owner.discordUserId === event.data.discordUserId)
          owners.set({ ...owner, discordUserId: null });
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

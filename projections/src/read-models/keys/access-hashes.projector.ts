import { keyProjections, keyReadModels, type AccessHashDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Access hashes by digest; whether one is expired is judged when someone asks. */
export const accessHashesProjector = defineProjector({
  name: keyProjections.accessHashes,
  collections: [keyReadModels.accessHashes],
  handles: ['AccessHashIssued', 'AccessHashUsed'],
  async apply(event, store) {
    const hashes = store.collection<AccessHashDocument>(keyReadModels.accessHashes);
    switch (event.type) {
      case 'AccessHashIssued': {
        const { hashDigest, guildId, issuedAt, expiresAt } = event.data;
        // $setOnInsert: a redelivered issue must not undo a use applied after it
        await hashes.updateOne(
          { _id: hashDigest },
          { $set: { guildId, issuedAt, expiresAt }, $setOnInsert: { usedAt: null, keyDigest: null } },
          { upsert: true },
        );
        return;
      }
      case 'AccessHashUsed': {
        const { hashDigest, usedAt, keyDigest } = event.data;
        await hashes.updateOne({ _id: hashDigest }, { $set: { usedAt, keyDigest } });
        return;
      }
    }
  },
});

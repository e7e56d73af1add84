import { keyProjections, keyReadModels, type KeyDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Every key ever generated, by digest, with its redemption: the audit trail and statistics. */
export const keysProjector = defineProjector({
  name: keyProjections.keys,
  collections: [keyReadModels.keys],
  handles: ['KeyGenerated', 'KeyRedeemed'],
  async apply(event, store) {
    const keys = store.collection<KeyDocument>(keyReadModels.keys);
    switch (event.type) {
      case 'KeyGenerated': {
        const { keyDigest, guildId, tier, noAds, generatedAt, expiresAt, visitorDigest, accessHashDigest } = event.data;
        // $setOnInsert: a redelivered generation must not undo a redemption applied after it
        await keys.updateOne(
          { _id: keyDigest },
          {
            $set: { guildId, tier, noAds, generatedAt, expiresAt, visitorDigest, accessHashDigest },
            $setOnInsert: { redeemedAt: null, redeemedBy: null },
          },
          { upsert: true },
        );
        return;
      }
      case 'KeyRedeemed': {
        const { keyDigest, redeemedAt, discordUserId } = event.data;
        await keys.updateOne({ _id: keyDigest }, { $set: { redeemedAt, redeemedBy: discordUserId } });
        return;
      }
    }
  },
});

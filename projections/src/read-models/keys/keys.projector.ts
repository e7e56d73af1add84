import { type KeyDocument, keyProjections, keyReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Every key ever generated, by digest, with its redemption: the audit trail and statistics. */
export const keysProjector = defineProjector({
  name: keyProjections.keys,
  collections: [keyReadModels.keys],
  handles: ['KeyGenerated', 'KeyRedeemed'],
  async apply(event, documents) {
    const keys = documents.of<KeyDocument>(keyReadModels.keys);
    const { keyDigest } = event.data;
    const current = await keys.get(keyDigest);
    switch (event.type) {
      case 'KeyGenerated': {
        const { guildId, tier, noAds, generatedAt, expiresAt, visitorDigest, accessHashDigest } = event.data;
        const generated = { guildId, tier, noAds, generatedAt, expiresAt, visitorDigest, accessHashDigest };
        // a redelivered generation must not undo a redemption applied after it
        keys.set(
          current ? { ...current, ...generated } : { _id: keyDigest, ...generated, redeemedAt: null, redeemedBy: null },
        );
        return;
      }
      case 'KeyRedeemed': {
        const { redeemedAt, discordUserId } = event.data;
        if (current) keys.set({ ...current, redeemedAt, redeemedBy: discordUserId });
        return;
      }
    }
  },
});

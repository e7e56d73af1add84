import { type AccessHashDocument, keyProjections, keyReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Access hashes by digest; whether one is expired is judged when someone asks. */
export const accessHashesProjector = defineProjector({
  name: keyProjections.accessHashes,
  collections: [keyReadModels.accessHashes],
  handles: ['AccessHashIssued', 'AccessHashUsed'],
  async apply(event, documents) {
    const hashes = documents.of<AccessHashDocument>(keyReadModels.accessHashes);
    const { hashDigest } = event.data;
    const current = await hashes.get(hashDigest);
    switch (event.type) {
      case 'AccessHashIssued': {
        const { guildId, issuedAt, expiresAt } = event.data;
        // a redelivered issue must not undo a use applied after it
        hashes.set(
          current
            ? { ...current, guildId, issuedAt, expiresAt }
            : { _id: hashDigest, guildId, issuedAt, expiresAt, usedAt: null, keyDigest: null },
        );
        return;
      }
      case 'AccessHashUsed': {
        const { usedAt, keyDigest } = event.data;
        if (current) hashes.set({ ...current, usedAt, keyDigest });
        return;
      }
    }
  },
});

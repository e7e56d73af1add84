import { erasedPerson, type WhitelistDocument, whitelistDocumentId, whitelistReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * The whitelist manager's entries, one per member and server. A renewal replaces the
 * entry whole; a removal deletes it. Both are idempotent.
 */
export const whitelistProjector = defineProjector({
  name: 'whitelist',
  collections: [whitelistReadModels.whitelist],
  // the statistics count the entries still running
  // the admin's list pages newest first (addedAt, then _id for ties)
  indexes: { [whitelistReadModels.whitelist]: [{ expiresAt: 1 }, { addedAt: -1, _id: -1 }] },
  handles: ['WhitelistEntryAdded', 'WhitelistEntryRemoved'],
  async apply(event, documents) {
    // an erased member's entries are kept nowhere: their erasure removed them from the live model
    if (event.data.userId === erasedPerson) return;
    const whitelist = documents.of<WhitelistDocument>(whitelistReadModels.whitelist);
    switch (event.type) {
      case 'WhitelistEntryAdded': {
        const { userId, guildId, duration, expiresAt, addedAt } = event.data;
        const _id = whitelistDocumentId(guildId, userId);
        whitelist.set({ _id, userId, guildId, duration, expiresAt, addedAt });
        return;
      }
      case 'WhitelistEntryRemoved':
        whitelist.delete(whitelistDocumentId(event.data.guildId, event.data.userId));
        return;
    }
  },
});

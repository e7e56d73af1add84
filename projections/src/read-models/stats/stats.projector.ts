import { type DailyStatsDocument, erasedPerson, statsReadModels, utcDay, type VipWindowDocument } from '@vip/contracts';
import type { DocumentBatch } from '../../document-batch.ts';
import { defineProjector } from '../../projector.ts';
import { countOnce } from '../count-once.ts';

const zeroDay = { keysGenerated: 0, keysRedeemed: 0, visits: 0 };

function count(documents: DocumentBatch, day: string, position: number, field: keyof typeof zeroDay) {
  return countOnce(documents.of<DailyStatsDocument>(statsReadModels.daily), day, position, { [field]: 1 }, zeroDay);
}

/**
 * The figures of the Statistics screen and the landing page, counted from events by the
 * day they happened (UTC). Totals are the sum of the days, taken when asked. Nothing here
 * is estimated.
 */
export const statsProjector = defineProjector({
  name: 'stats',
  // 2: the totals document and the distinct visitors are gone (both kept what is kept elsewhere)
  // 3: one page load is one visit (a v1 log's twin visits count nowhere)
  version: 3,
  collections: Object.values(statsReadModels),
  retiredCollections: ['stats_totals', 'stats_visitors'],
  // VIP roles active now: windows that end later than now
  indexes: { [statsReadModels.vipWindows]: [{ until: 1 }] },
  handles: ['KeyGenerated', 'KeyRedeemed', 'VisitRecorded', 'VipRoleGranted', 'VipRoleRemoved'],
  async apply(event, documents) {
    switch (event.type) {
      case 'KeyGenerated':
        return count(documents, utcDay(event.data.generatedAt), event.position, 'keysGenerated');
      case 'KeyRedeemed':
        return count(documents, utcDay(event.data.redeemedAt), event.position, 'keysRedeemed');
      case 'VisitRecorded':
        // the other half of a page load written before v2 (contracts' upcaster says which)
        if (event.data.twin) return;
        // distinct visitors are the visitors read model's documents, one per (hashed) address
        return count(documents, utcDay(event.data.visitedAt), event.position, 'visits');
      case 'VipRoleGranted': {
        const { guildId, discordUserId, until } = event.data;
        // an erased member's windows are kept nowhere: their erasure removed them from the live model
        if (discordUserId === erasedPerson) return;
        const windows = documents.of<VipWindowDocument>(statsReadModels.vipWindows);
        const _id = `${guildId}-${discordUserId}`;
        const current = await windows.get(_id);
        // a window only grows by a grant: the later end wins, whatever the order of delivery
        windows.set({ ...current, _id, guildId, until: current && current.until > until ? current.until : until });
        return;
      }
      case 'VipRoleRemoved': {
        // the window closed early (or on time): it ends no later than the removal
        const { guildId, discordUserId, removedAt } = event.data;
        const windows = documents.of<VipWindowDocument>(statsReadModels.vipWindows);
        const current = await windows.get(`${guildId}-${discordUserId}`);
        if (current && removedAt < current.until) windows.set({ ...current, until: removedAt });
        return;
      }
    }
  },
});

import {
  statsReadModels,
  utcDay,
  type DailyStatsDocument,
  type TotalsDocument,
  type VipWindowDocument,
  type VisitorStatsDocument,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import { defineProjector } from '../../projector.ts';
import { countOnce } from './count-once.ts';

const zeroDay = { keysGenerated: 0, keysRedeemed: 0, visits: 0 };

async function count(store: ReadStore, day: string, position: number, field: keyof typeof zeroDay): Promise<void> {
  await countOnce(store.collection<DailyStatsDocument>(statsReadModels.daily), day, position, { [field]: 1 }, zeroDay);
  await countOnce(
    store.collection<TotalsDocument>(statsReadModels.totals),
    'totals',
    position,
    { [field]: 1 },
    zeroDay,
  );
}

/**
 * The figures of the Statistics screen and the landing page, counted from events by the
 * day they happened (UTC). Nothing here is estimated.
 */
export const statsProjector = defineProjector({
  name: 'stats',
  collections: Object.values(statsReadModels),
  // VIP roles active now: windows that end later than now
  indexes: { [statsReadModels.vipWindows]: [{ until: 1 }] },
  handles: ['KeyGenerated', 'KeyRedeemed', 'VisitRecorded', 'VipRoleGranted', 'VipRoleRemoved'],
  async apply(event, store) {
    switch (event.type) {
      case 'KeyGenerated':
        return count(store, utcDay(event.data.generatedAt), event.position, 'keysGenerated');
      case 'KeyRedeemed':
        return count(store, utcDay(event.data.redeemedAt), event.position, 'keysRedeemed');
      case 'VisitRecorded': {
        await count(store, utcDay(event.data.visitedAt), event.position, 'visits');
        await store
          .collection<VisitorStatsDocument>(statsReadModels.visitors)
          .updateOne(
            { _id: event.data.visitorDigest },
            { $setOnInsert: { firstSeenAt: event.data.visitedAt } },
            { upsert: true },
          );
        return;
      }
      case 'VipRoleGranted': {
        const { guildId, discordUserId, until } = event.data;
        await store
          .collection<VipWindowDocument>(statsReadModels.vipWindows)
          .updateOne({ _id: `${guildId}-${discordUserId}` }, { $max: { until }, $set: { guildId } }, { upsert: true });
        return;
      }
      case 'VipRoleRemoved': {
        // the window closed early (or on time): it ends no later than the removal
        const { guildId, discordUserId, removedAt } = event.data;
        await store
          .collection<VipWindowDocument>(statsReadModels.vipWindows)
          .updateOne({ _id: `${guildId}-${discordUserId}` }, { $min: { until: removedAt } });
        return;
      }
    }
  },
});

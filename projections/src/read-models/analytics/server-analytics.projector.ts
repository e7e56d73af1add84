import { analyticsReadModels, type ServerDailyDocument, serverDailyId, utcDay } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';
import { countOnce } from '../count-once.ts';

type Counted = 'keysGenerated' | 'keysRedeemed' | 'visits';

/**
 * The owner's analytics (decisions.md §11): per server and UTC day, the keys generated and
 * redeemed and the key-page visits, counted from events once each. VIP members now come from
 * the statistics' windows and the whitelist, which already hold them per server.
 */
export const serverAnalyticsProjector = defineProjector({
  name: 'server-analytics',
  collections: [analyticsReadModels.serverDaily],
  // the Analytics tab reads 30 days of one server
  indexes: { [analyticsReadModels.serverDaily]: [{ guildId: 1, day: 1 }] },
  handles: ['KeyGenerated', 'KeyRedeemed', 'VisitRecorded'],
  async apply(event, documents) {
    let guildId: string | null;
    let at: string;
    let field: Counted;
    switch (event.type) {
      case 'KeyGenerated':
        [guildId, at, field] = [event.data.guildId, event.data.generatedAt, 'keysGenerated'];
        break;
      case 'KeyRedeemed':
        [guildId, at, field] = [event.data.guildId, event.data.redeemedAt, 'keysRedeemed'];
        break;
      case 'VisitRecorded':
        [guildId, at, field] = [event.data.guildId, event.data.visitedAt, 'visits'];
        break;
    }
    // a visit of a page that named no server counts for no server
    if (!guildId) return;
    const day = utcDay(at);
    await countOnce(
      documents.of<ServerDailyDocument>(analyticsReadModels.serverDaily),
      serverDailyId(guildId, day),
      event.position,
      { [field]: 1 },
      { guildId, day, keysGenerated: 0, keysRedeemed: 0, visits: 0 },
    );
  },
});

import {
  distinctVisitorsCounterId,
  type KeyCounterDocument,
  keyProjections,
  keyReadModels,
  type VisitorDocument,
} from '@vip/contracts';
import type { BatchCollection } from '../../document-batch.ts';
import { defineProjector } from '../../projector.ts';

/** Page loads per address and day (its digest of the day): distinct visitors a day and how often each came. */
export const visitorsProjector = defineProjector({
  name: keyProjections.visitors,
  // 2: one page load is one visit (a v1 log's twin visits count nowhere); 3: the running total
  version: 3,
  collections: [keyReadModels.visitors, keyReadModels.visitorTotals],
  handles: ['VisitRecorded'],
  async apply(event, documents) {
    // the other half of a page load written before v2 (contracts' upcaster says which)
    if (event.data.twin) return;
    const visitors = documents.of<VisitorDocument>(keyReadModels.visitors);
    const { visitorDigest, guildId, visitedAt } = event.data;
    // a count: an event delivered twice must not count twice
    const current = await visitors.get(visitorDigest);
    if (current && current.lastPosition >= event.position) return;
    // the statistics read one document, not a count over every address and day ever seen
    if (!current) await countNewVisitor(documents.of<KeyCounterDocument>(keyReadModels.visitorTotals), event.position);
    visitors.set({
      _id: visitorDigest,
      visits: (current?.visits ?? 0) + 1,
      firstSeenAt: current && current.firstSeenAt < visitedAt ? current.firstSeenAt : visitedAt,
      lastSeenAt: current && current.lastSeenAt > visitedAt ? current.lastSeenAt : visitedAt,
      // a visit that named no server keeps the last server seen
      lastGuildId: guildId ?? current?.lastGuildId ?? null,
      lastPosition: event.position,
    });
  },
});

async function countNewVisitor(totals: BatchCollection<KeyCounterDocument>, position: number): Promise<void> {
  const total = await totals.get(distinctVisitorsCounterId);
  totals.set({ _id: distinctVisitorsCounterId, count: (total?.count ?? 0) + 1, lastPosition: position });
}

import { keyProjections, keyReadModels, type VisitorDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Visits per (hashed) address: distinct visitors and how often each came. */
export const visitorsProjector = defineProjector({
  name: keyProjections.visitors,
  collections: [keyReadModels.visitors],
  handles: ['VisitRecorded'],
  async apply(event, store) {
    const visitors = store.collection<VisitorDocument>(keyReadModels.visitors);
    const { visitorDigest, guildId, visitedAt } = event.data;
    // a count: an event delivered twice must not count twice
    const current = await visitors.findOne({ _id: visitorDigest });
    if (current && current.lastPosition >= event.position) return;
    // the runner is the only writer: count from the document just read, with a plain $set
    // (the embedded store's fast path) instead of $inc/$min/$max
    const seen = {
      visits: (current?.visits ?? 0) + 1,
      firstSeenAt: current && current.firstSeenAt < visitedAt ? current.firstSeenAt : visitedAt,
      lastSeenAt: current && current.lastSeenAt > visitedAt ? current.lastSeenAt : visitedAt,
      // a visit that named no server keeps the last server seen
      lastGuildId: guildId ?? current?.lastGuildId ?? null,
      lastPosition: event.position,
    };
    await visitors.updateOne({ _id: visitorDigest }, { $set: seen }, { upsert: true });
  },
});

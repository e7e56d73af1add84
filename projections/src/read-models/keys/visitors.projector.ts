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
    const counted = { $inc: { visits: 1 }, $min: { firstSeenAt: visitedAt }, $max: { lastSeenAt: visitedAt } };
    // a visit that named no server keeps the last server seen
    const update =
      guildId === null
        ? { ...counted, $set: { lastPosition: event.position }, $setOnInsert: { lastGuildId: null } }
        : { ...counted, $set: { lastPosition: event.position, lastGuildId: guildId } };
    await visitors.updateOne({ _id: visitorDigest }, update, { upsert: true });
  },
});

import { keyProjections, keyReadModels, keysGeneratedCounterId, type KeyCounterDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** How many keys were ever generated, kept as one running total so the count costs one read. */
export const keyCountersProjector = defineProjector({
  name: keyProjections.keyCounters,
  collections: [keyReadModels.keyCounters],
  handles: ['KeyGenerated'],
  async apply(event, store) {
    const counters = store.collection<KeyCounterDocument>(keyReadModels.keyCounters);
    // a count: an event delivered twice must not count twice
    const current = await counters.findOne({ _id: keysGeneratedCounterId });
    if (current && current.lastPosition >= event.position) return;
    await counters.updateOne({ _id: keysGeneratedCounterId }, { $inc: { count: 1 }, $set: { lastPosition: event.position } }, { upsert: true });
  },
});

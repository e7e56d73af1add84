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
    // the runner is the only writer, so the read above makes $inc unnecessary; a plain $set
    // is the embedded store's fast path, and this runs once per key generated
    const count = (current?.count ?? 0) + 1;
    await counters.updateOne(
      { _id: keysGeneratedCounterId },
      { $set: { count, lastPosition: event.position } },
      { upsert: true },
    );
  },
});

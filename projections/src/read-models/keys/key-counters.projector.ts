import { type KeyCounterDocument, keyProjections, keyReadModels, keysGeneratedCounterId } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** How many keys were ever generated, kept as one running total so the count costs one read. */
export const keyCountersProjector = defineProjector({
  name: keyProjections.keyCounters,
  collections: [keyReadModels.keyCounters],
  handles: ['KeyGenerated'],
  async apply(event, documents) {
    const counters = documents.of<KeyCounterDocument>(keyReadModels.keyCounters);
    // a count: an event delivered twice must not count twice
    const current = await counters.get(keysGeneratedCounterId);
    if (current && current.lastPosition >= event.position) return;
    counters.set({ _id: keysGeneratedCounterId, count: (current?.count ?? 0) + 1, lastPosition: event.position });
  },
});

import { serverReadModels, type GreetingDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Each server's greeting settings, gone when the greeting is removed. */
export const greetingsProjector = defineProjector({
  name: 'greetings',
  collections: [serverReadModels.greetings],
  handles: ['GreetingConfigured', 'GreetingRemoved'],
  async apply(event, store) {
    const greetings = store.collection<GreetingDocument>(serverReadModels.greetings);
    switch (event.type) {
      case 'GreetingConfigured': {
        const { guildId, enabled, channelId, delay, message, configuredAt } = event.data;
        await greetings.replaceOne(
          { _id: guildId },
          { _id: guildId, enabled, channelId, delay, message, configuredAt },
          { upsert: true },
        );
        return;
      }
      case 'GreetingRemoved':
        await greetings.deleteOne({ _id: event.data.guildId });
        return;
    }
  },
});

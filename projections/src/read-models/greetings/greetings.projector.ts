import { type GreetingDocument, greetingReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Each server's greeting settings, gone when the greeting is removed. */
export const greetingsProjector = defineProjector({
  name: 'greetings',
  collections: [greetingReadModels.greetings],
  handles: ['GreetingConfigured', 'GreetingRemoved'],
  async apply(event, documents) {
    const greetings = documents.of<GreetingDocument>(greetingReadModels.greetings);
    switch (event.type) {
      case 'GreetingConfigured': {
        const { guildId, enabled, channelId, delay, message, configuredAt } = event.data;
        greetings.set({ _id: guildId, enabled, channelId, delay, message, configuredAt });
        return;
      }
      case 'GreetingRemoved':
        greetings.delete(event.data.guildId);
        return;
    }
  },
});

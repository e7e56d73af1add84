import { colorFromNumber, type VerificationMessageDocument, verificationMessageReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Each server's own verification message, as the owner's editor shows it; a reset deletes it. */
export const verificationMessagesProjector = defineProjector({
  name: 'verification-messages',
  collections: [verificationMessageReadModels.verificationMessages],
  handles: ['VerificationMessageConfigured', 'VerificationMessageReset'],
  async apply(event, documents) {
    const messages = documents.of<VerificationMessageDocument>(verificationMessageReadModels.verificationMessages);
    switch (event.type) {
      case 'VerificationMessageConfigured': {
        const { guildId, title, description, buttonLabel, color, configuredAt } = event.data;
        messages.set({ _id: guildId, title, description, buttonLabel, color: colorFromNumber(color), configuredAt });
        return;
      }
      case 'VerificationMessageReset':
        messages.delete(event.data.guildId);
        return;
    }
  },
});

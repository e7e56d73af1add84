import { type SuspensionDocument, suspensionReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** The suspended servers, for the admin's list and the key page's 403; a lift deletes the document. */
export const suspensionsProjector = defineProjector({
  name: 'suspensions',
  collections: [suspensionReadModels.suspensions],
  handles: ['ServerSuspended', 'ServerSuspensionLifted'],
  async apply(event, documents) {
    const suspensions = documents.of<SuspensionDocument>(suspensionReadModels.suspensions);
    switch (event.type) {
      case 'ServerSuspended': {
        const { guildId, reason, suspendedAt } = event.data;
        suspensions.set({ _id: guildId, reason, suspendedAt });
        return;
      }
      case 'ServerSuspensionLifted':
        suspensions.delete(event.data.guildId);
        return;
    }
  },
});

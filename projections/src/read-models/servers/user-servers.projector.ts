import { serverReadModels, type UserServersDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * Each subscriber's slots in the order they were filled. A list depends on its whole
 * history, so each document remembers the last position applied and a redelivered event
 * changes nothing.
 */
export const userServersProjector = defineProjector({
  name: 'user-servers',
  collections: [serverReadModels.userServers],
  handles: ['SubscriberServerAdded', 'SubscriberServerChanged', 'SubscriberServerRemoved'],
  async apply(event, documents) {
    const slots = documents.of<UserServersDocument>(serverReadModels.userServers);
    const { userId } = event.data;
    const doc = await slots.get(userId);
    if (doc && doc.lastPosition >= event.position) return;
    const current = doc?.servers ?? [];
    let servers: string[];
    let updatedAt: string;
    switch (event.type) {
      case 'SubscriberServerAdded':
        servers = current.includes(event.data.guildId) ? [...current] : [...current, event.data.guildId];
        updatedAt = event.data.addedAt;
        break;
      case 'SubscriberServerChanged': {
        const { oldGuildId, newGuildId } = event.data;
        servers = current.map((id) => (id === oldGuildId ? newGuildId : id));
        updatedAt = event.data.changedAt;
        break;
      }
      case 'SubscriberServerRemoved':
        servers = current.filter((id) => id !== event.data.guildId);
        updatedAt = event.data.removedAt;
        break;
    }
    slots.set({ _id: userId, servers, updatedAt, lastPosition: event.position });
  },
});

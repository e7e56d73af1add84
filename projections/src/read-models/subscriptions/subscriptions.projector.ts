import { subscriptionReadModels, type SubscriptionDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * One document per subscriber's plan. Every update sets absolute values taken from the
 * event, so applying an event twice (at-least-once delivery) or rebuilding from position 0
 * gives the same document.
 */
export const subscriptionsProjector = defineProjector({
  name: 'subscriptions',
  collections: [subscriptionReadModels.subscriptions],
  indexes: { [subscriptionReadModels.subscriptions]: [{ startedAt: -1, _id: -1 }] },
  handles: ['SubscriptionStarted', 'SubscriptionExtended', 'SubscriptionEnded'],
  async apply(event, documents) {
    const subscriptions = documents.of<SubscriptionDocument>(subscriptionReadModels.subscriptions);
    switch (event.type) {
      case 'SubscriptionStarted': {
        const { userId, planName, maxSlots, startedAt, expiresAt, discordUserId } = event.data;
        subscriptions.set({
          _id: userId,
          userId,
          planName,
          maxSlots,
          startedAt,
          expiresAt,
          endedAt: null,
          discordUserId,
        });
        return;
      }
      case 'SubscriptionExtended': {
        // extending an ended plan runs it again, as the write side's fold does
        const { userId, maxSlots, expiresAt } = event.data;
        const current = await subscriptions.get(userId);
        if (current) subscriptions.set({ ...current, maxSlots, expiresAt, endedAt: null });
        return;
      }
      case 'SubscriptionEnded': {
        const { userId, endedAt } = event.data;
        const current = await subscriptions.get(userId);
        if (current) subscriptions.set({ ...current, endedAt, expiresAt: endedAt });
        return;
      }
    }
  },
});

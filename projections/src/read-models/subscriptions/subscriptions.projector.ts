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
  async apply(event, store) {
    const subscriptions = store.collection<SubscriptionDocument>(subscriptionReadModels.subscriptions);
    switch (event.type) {
      case 'SubscriptionStarted': {
        const { userId, planName, maxSlots, startedAt, expiresAt, discordUserId } = event.data;
        await subscriptions.replaceOne(
          { _id: userId },
          { _id: userId, userId, planName, maxSlots, startedAt, expiresAt, endedAt: null, discordUserId },
          { upsert: true },
        );
        return;
      }
      case 'SubscriptionExtended': {
        // extending an ended plan runs it again, as the write side's fold does
        const { userId, maxSlots, expiresAt } = event.data;
        await subscriptions.updateOne({ _id: userId }, { $set: { maxSlots, expiresAt, endedAt: null } });
        return;
      }
      case 'SubscriptionEnded': {
        const { userId, endedAt } = event.data;
        await subscriptions.updateOne({ _id: userId }, { $set: { endedAt, expiresAt: endedAt } });
        return;
      }
    }
  },
});

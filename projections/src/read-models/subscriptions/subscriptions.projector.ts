import { configDefaults, planSlots, type SubscriptionDocument, subscriptionReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** The slots the plan gives while it runs: the admin's override, else the plan's (contracts' plans). */
const slotsOf = (planName: string, slotsOverride: number | null) =>
  planSlots({ planName, slotsOverride }, configDefaults.defaultServerSlots);

/**
 * One document per subscriber's plan. Every update sets absolute values taken from the
 * event, so applying an event twice (at-least-once delivery) or rebuilding from position 0
 * gives the same document.
 */
export const subscriptionsProjector = defineProjector({
  name: 'subscriptions',
  // 2: slots follow the plan unless overridden (slotsOverride beside the slots it gives)
  // 3: plans Stripe bills, with how it bills them (decisions.md §13)
  version: 3,
  collections: [subscriptionReadModels.subscriptions],
  indexes: { [subscriptionReadModels.subscriptions]: [{ startedAt: -1, _id: -1 }] },
  handles: [
    'SubscriptionStarted',
    'SubscriptionExtended',
    'SubscriptionEnded',
    'BillingCheckoutCompleted',
    'BillingInvoicePaid',
    'BillingPaymentFailed',
    'BillingSubscriptionChanged',
    'BillingSubscriptionCancelled',
    'BillingChargeRefunded',
    'BillingChargeDisputed',
    'BillingPaymentActionRequired',
    'BillingInvoiceUncollectible',
    'UserDeleted',
  ],
  async apply(event, documents) {
    const subscriptions = documents.of<SubscriptionDocument>(subscriptionReadModels.subscriptions);
    switch (event.type) {
      // a deleted account leaves the admin's subscriber list (its billing facts stay in the log)
      case 'UserDeleted':
        subscriptions.delete(event.data.userId);
        return;
      case 'SubscriptionStarted': {
        const { userId, planName, slotsOverride, startedAt, expiresAt, discordUserId } = event.data;
        subscriptions.set({
          _id: userId,
          userId,
          planName,
          maxSlots: slotsOf(planName, slotsOverride),
          slotsOverride,
          startedAt,
          expiresAt,
          endedAt: null,
          discordUserId,
        });
        return;
      }
      case 'SubscriptionExtended': {
        // extending an ended plan runs it again, as the write side's fold does
        const { userId, slotsOverride, expiresAt } = event.data;
        const current = await subscriptions.get(userId);
        if (current)
          subscriptions.set({
            ...current,
            maxSlots: slotsOf(current.planName, slotsOverride),
            slotsOverride,
            expiresAt,
            endedAt: null,
          });
        return;
      }
      case 'SubscriptionEnded': {
        const { userId, endedAt } = event.data;
        const current = await subscriptions.get(userId);
        if (current) subscriptions.set({ ...current, endedAt, expiresAt: endedAt });
        return;
      }
      default: {
        // a Stripe fact: the plan and its billing as the write side decided them (the first may start it)
        const { userId, plan, billing } = event.data;
        const current = await subscriptions.get(userId);
        const slotsOverride = current?.slotsOverride ?? null;
        subscriptions.set({
          _id: userId,
          userId,
          planName: plan.name,
          maxSlots: slotsOf(plan.name, slotsOverride),
          slotsOverride,
          startedAt: plan.startedAt,
          expiresAt: plan.expiresAt,
          endedAt: plan.ended ? plan.expiresAt : null,
          discordUserId: current?.discordUserId ?? null,
          billing,
        });
        return;
      }
    }
  },
});

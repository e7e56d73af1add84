import { type BillingAttentionDocument, billingReadModels, isChargeback } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/**
 * The payment facts an admin should look at, one document per Stripe event (so a redelivery
 * sets the same document): payments no plan took, a second live subscription, a bank's
 * inquiry, a chargeback. Each names the Stripe object to open; the admins' statistics show
 * the newest.
 */
export const billingAttentionProjector = defineProjector({
  name: 'billing-attention',
  collections: [billingReadModels.attention],
  indexes: { [billingReadModels.attention]: [{ at: -1 }] },
  handles: ['BillingPaymentUnmatched', 'BillingChargeDisputed', 'BillingInvoicePaid', 'BillingCheckoutCompleted'],
  apply(event, documents) {
    const attention = documents.of<BillingAttentionDocument>(billingReadModels.attention);
    const { stripeEventId: _id, stripeEventAt: at, userId } = event.data;
    switch (event.type) {
      case 'BillingPaymentUnmatched': {
        const { customerId, objectId, amount, currency, kind } = event.data;
        attention.set({ _id, kind: 'unmatched', userId, customerId, objectId, amount, currency, detail: kind, at });
        return;
      }
      case 'BillingChargeDisputed': {
        const { status, disputeId, amount, currency, billing } = event.data;
        const kind = status.startsWith('warning_') ? 'inquiry' : isChargeback(status) ? 'chargeback' : null;
        if (!kind) return;
        const { customerId } = billing;
        attention.set({ _id, kind, userId, customerId, objectId: disputeId, amount, currency, detail: status, at });
        return;
      }
      default: {
        // a subscription other than the plan's own, while the plan's runs: never adopted, shown
        const { subscriptionId, billing, plan } = event.data;
        if (subscriptionId === billing.subscriptionId || plan.ended) return;
        const [amount, currency] =
          event.type === 'BillingInvoicePaid' ? [event.data.amountPaid, event.data.currency] : [0, ''];
        attention.set({
          _id,
          kind: 'second-subscription',
          userId,
          customerId: billing.customerId,
          objectId: subscriptionId,
          amount,
          currency,
          detail: `the plan runs on ${billing.subscriptionId}`,
          at,
        });
      }
    }
  },
});

import { billingReadModels, utcMonth, type RefundedChargeDocument, type RevenueDocument } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';
import { countOnce } from '../count-once.ts';

/**
 * The money plans bring in (decisions.md §2: every figure from events): per UTC month, plan
 * and currency, what was paid and what was refunded, in the currency's smallest unit. A
 * refund event carries the charge's total refunded so far; the charge's own document keeps
 * the total counted, so only the difference is added, once, whatever the order of delivery.
 */
export const revenueProjector = defineProjector({
  name: 'revenue',
  collections: Object.values(billingReadModels),
  indexes: { [billingReadModels.revenue]: [{ month: 1 }] },
  handles: ['BillingInvoicePaid', 'BillingChargeRefunded'],
  async apply(event, documents) {
    const revenue = documents.of<RevenueDocument>(billingReadModels.revenue);
    const { plan, currency, stripeEventAt } = event.data;
    const month = utcMonth(stripeEventAt);
    const zeroes = { month, planName: plan.name, currency, paid: 0, refunded: 0 };
    const id = `${month}|${plan.name}|${currency}`;
    if (event.type === 'BillingInvoicePaid')
      return countOnce(revenue, id, event.position, { paid: event.data.amountPaid }, zeroes);
    const refunds = documents.of<RefundedChargeDocument>(billingReadModels.refunds);
    const { chargeId, amountRefunded } = event.data;
    const counted = (await refunds.get(chargeId))?.refunded ?? 0;
    // an older total delivered after a newer one adds nothing
    if (amountRefunded <= counted) return;
    refunds.set({ _id: chargeId, refunded: amountRefunded });
    return countOnce(revenue, id, event.position, { refunded: amountRefunded - counted }, zeroes);
  },
});

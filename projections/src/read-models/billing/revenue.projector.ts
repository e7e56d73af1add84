import {
  billingReadModels,
  type DisputeDocument,
  isChargeback,
  type RefundedChargeDocument,
  type RevenueDocument,
  utcMonth,
} from '@vip/contracts';
import { defineProjector } from '../../projector.ts';
import { countOnce } from '../count-once.ts';

/**
 * The money plans bring in (decisions.md §2: every figure from events): per UTC month, plan
 * and currency, what was paid, refunded and withdrawn by chargebacks, in the currency's
 * smallest unit, with Stripe's fees where it could be read. A refund or dispute is booked
 * against the plan its charge paid for, in the month it happened. A refund event carries the
 * charge's total refunded so far, a dispute event its status: each charge's and dispute's own
 * document keeps what was counted, so only the difference is added, once, whatever the order
 * of delivery.
 */
export const revenueProjector = defineProjector({
  name: 'revenue',
  // 2: disputes and Stripe's fees; refunds booked against the plan of their charge
  version: 2,
  collections: [billingReadModels.revenue, billingReadModels.refunds, billingReadModels.disputes],
  indexes: { [billingReadModels.revenue]: [{ month: 1 }] },
  handles: ['BillingInvoicePaid', 'BillingChargeRefunded', 'BillingChargeDisputed'],
  async apply(event, documents) {
    const revenue = documents.of<RevenueDocument>(billingReadModels.revenue);
    const { plan, currency, stripeEventAt } = event.data;
    const month = utcMonth(stripeEventAt);
    const planName = event.type === 'BillingInvoicePaid' ? plan.name : (event.data.chargedPlanName ?? plan.name);
    const zeroes = {
      month,
      planName,
      currency,
      paid: 0,
      refunded: 0,
      disputed: 0,
      stripeFee: 0,
      stripeFeeCurrency: null,
      paymentsWithoutFee: 0,
    };
    const id = `${month}|${planName}|${currency}`;
    if (event.type === 'BillingInvoicePaid') {
      const { amountPaid, stripeFee } = event.data;
      const fee = stripeFee ? { stripeFee: stripeFee.amount } : { paymentsWithoutFee: 1 };
      await countOnce(revenue, id, event.position, { paid: amountPaid, ...fee }, zeroes);
      if (stripeFee) await feeCurrency(documents, id, stripeFee.currency);
      return;
    }
    if (event.type === 'BillingChargeRefunded') {
      const refunds = documents.of<RefundedChargeDocument>(billingReadModels.refunds);
      const { chargeId, amountRefunded } = event.data;
      const counted = (await refunds.get(chargeId))?.refunded ?? 0;
      // an older total delivered after a newer one adds nothing
      if (amountRefunded <= counted) return;
      refunds.set({ _id: chargeId, refunded: amountRefunded });
      return countOnce(revenue, id, event.position, { refunded: amountRefunded - counted }, zeroes);
    }
    const disputes = documents.of<DisputeDocument>(billingReadModels.disputes);
    const { disputeId, amount, status } = event.data;
    const at = Date.parse(stripeEventAt);
    const known = await disputes.get(disputeId);
    // an older status delivered after a newer one changes nothing
    if (known && known.at > at) return;
    // a chargeback's money is withdrawn (open or lost); an inquiry's is not, a won one's comes back
    const target = isChargeback(status) ? amount : 0;
    const counted = known?.counted ?? 0;
    disputes.set({ _id: disputeId, counted: target, at });
    if (target === counted) return;
    return countOnce(revenue, id, event.position, { disputed: target - counted }, zeroes);
  },
});

/** The settlement currency of the fees counted in a month's document (Stripe settles in one). */
async function feeCurrency(
  documents: Parameters<typeof revenueProjector.apply>[1],
  id: string,
  currency: string,
): Promise<void> {
  const revenue = documents.of<RevenueDocument>(billingReadModels.revenue);
  const doc = await revenue.get(id);
  if (doc && doc.stripeFeeCurrency !== currency) revenue.set({ ...doc, stripeFeeCurrency: currency });
}

import {
  billingReadModels,
  configDefaults,
  planRuns,
  subscriptionReadModels,
  utcMonth,
  type BillingFigures,
  type MoneyTotal,
  type RevenueDocument,
  type SubscriptionDocument,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/** The UTC month before `month` (YYYY-MM). */
function monthBefore(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

const totalsOf = (documents: RevenueDocument[]): MoneyTotal[] =>
  documents
    .map((doc) => ({ currency: doc.currency, amount: doc.paid - doc.refunded }))
    .sort((a, b) => a.currency.localeCompare(b.currency));

/**
 * Plans sold through Stripe at `now`, from the projections of their events: who pays for
 * each plan now (Stripe bills it and it runs), and what each brought in this month and the
 * month before, net of refunds, per currency. Nothing estimated.
 */
export async function billingFigures(readStore: ReadStore, now: Date): Promise<BillingFigures> {
  const nowIso = now.toISOString();
  const month = utcMonth(nowIso);
  const lastMonth = monthBefore(month);
  const [running, revenue] = await Promise.all([
    readStore
      .collection<SubscriptionDocument>(subscriptionReadModels.subscriptions)
      .find({ expiresAt: { $gt: nowIso } }, { projection: { planName: 1, billing: 1, endedAt: 1, expiresAt: 1 } }),
    readStore.collection<RevenueDocument>(billingReadModels.revenue).find({ month: { $in: [month, lastMonth] } }),
  ]);
  const paying = new Map<string, number>();
  for (const plan of running) {
    // days an admin gave on top of an ended Stripe subscription are not paid for
    if (!plan.billing || plan.billing.status === 'ended' || !planRuns(plan, now)) continue;
    paying.set(plan.planName, (paying.get(plan.planName) ?? 0) + 1);
  }
  return {
    month,
    plans: configDefaults.plans.map(({ name }) => ({
      planName: name,
      payingSubscribers: paying.get(name) ?? 0,
      thisMonth: totalsOf(revenue.filter((doc) => doc.planName === name && doc.month === month)),
      lastMonth: totalsOf(revenue.filter((doc) => doc.planName === name && doc.month === lastMonth)),
    })),
  };
}

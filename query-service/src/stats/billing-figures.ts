import {
  ATTENTION_SHOWN,
  authReadModels,
  type BillingAttentionDocument,
  type BillingAttentionItem,
  type BillingFigures,
  billingReadModels,
  configDefaults,
  type MoneyTotal,
  netOf,
  planRuns,
  type RevenueDocument,
  type RevenueRow,
  type SubscriptionDocument,
  subscriptionReadModels,
  type UserDocument,
  utcMonth,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/** The UTC month before `month` (YYYY-MM). */
function monthBefore(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

const totalsOf = (documents: RevenueDocument[]): MoneyTotal[] =>
  documents
    .map((doc) => ({ currency: doc.currency, amount: netOf(doc) }))
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
  const [running, revenue, attention] = await Promise.all([
    readStore
      .collection<SubscriptionDocument>(subscriptionReadModels.subscriptions)
      .find({ expiresAt: { $gt: nowIso } }, { projection: { planName: 1, billing: 1, endedAt: 1, expiresAt: 1 } }),
    readStore.collection<RevenueDocument>(billingReadModels.revenue).find({ month: { $in: [month, lastMonth] } }),
    readStore
      .collection<BillingAttentionDocument>(billingReadModels.attention)
      .find({}, { sort: { at: -1, _id: -1 }, limit: ATTENTION_SHOWN }),
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
    revenue: revenue
      .map(revenueRow)
      .sort((a, b) => b.month.localeCompare(a.month) || a._id.localeCompare(b._id))
      .map(({ _id, ...row }) => row),
    attention: await withUsernames(readStore, attention),
  };
}

function revenueRow(doc: RevenueDocument): RevenueRow & { _id: string } {
  const { _id, month, planName, currency, paid, refunded } = doc;
  const fee = doc.stripeFee ?? 0;
  return {
    _id,
    month,
    planName,
    currency,
    paid,
    refunded,
    disputed: doc.disputed ?? 0,
    net: netOf(doc),
    stripeFee: doc.stripeFeeCurrency ? { amount: fee, currency: doc.stripeFeeCurrency } : null,
    paymentsWithoutFee: doc.paymentsWithoutFee ?? 0,
  };
}

/** The attention list with each subscriber's username as it is now (a customer of no subscriber has none). */
async function withUsernames(readStore: ReadStore, docs: BillingAttentionDocument[]): Promise<BillingAttentionItem[]> {
  const ids = [...new Set(docs.flatMap((doc) => (doc.userId ? [doc.userId] : [])))];
  const users = ids.length
    ? await readStore
        .collection<UserDocument>(authReadModels.users)
        .find({ _id: { $in: ids } }, { projection: { _id: 1, username: 1 } })
    : [];
  const nameOf = new Map(users.map((user) => [user._id, user.username]));
  return docs.map(({ _id, ...doc }) => ({ ...doc, username: doc.userId ? (nameOf.get(doc.userId) ?? null) : null }));
}

import type { BillingAttentionItem, BillingFigures, MoneyTotal, RevenueRow } from '@vip/contracts';
import { moneyText } from '@vip/contracts/plain';
import { useSiteSettings } from '../../app/siteConfig.ts';
import { formatCount } from '../stats/figures.ts';
import './billing.css';

const moneyOf = (totals: MoneyTotal[]) =>
  totals.length === 0 ? '—' : totals.map((total) => moneyText(total.amount, total.currency)).join(' + ');

/**
 * Plans sold through Stripe on the Statistics screen (decisions.md §2, §13): who pays for each
 * plan now, and what it brought in this month and the month before, net of refunds. Shown
 * where plans are sold online, or once anything was.
 */
export function PlanSales({ figures }: { figures: BillingFigures | undefined }) {
  const billingOn = useSiteSettings()?.billing != null;
  if (!figures) return null;
  const anything = figures.plans.some(
    (plan) => plan.payingSubscribers > 0 || plan.thisMonth.length > 0 || plan.lastMonth.length > 0,
  );
  if (!billingOn && !anything) return null;
  return (
    <section className="card" aria-labelledby="plan-sales-title">
      <h3 id="plan-sales-title">Plans sold</h3>
      <table className="plan-sales">
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Paying subscribers</th>
            <th scope="col">Revenue this month</th>
            <th scope="col">Last month</th>
          </tr>
        </thead>
        <tbody>
          {figures.plans.map((plan) => (
            <tr key={plan.planName} data-plan={plan.planName}>
              <th scope="row">{plan.planName}</th>
              <td data-stat="billing.paying">{formatCount(plan.payingSubscribers)}</td>
              <td data-stat="billing.thisMonth">{moneyOf(plan.thisMonth)}</td>
              <td data-stat="billing.lastMonth">{moneyOf(plan.lastMonth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Net of refunds and chargebacks, by the UTC month of each payment ({figures.month} is this month).
      </p>
      {figures.revenue.length > 0 && <RevenueByMonth rows={figures.revenue} />}
      {figures.attention.length > 0 && <PaymentsToLookAt items={figures.attention} />}
    </section>
  );
}

/** Paid, refunded, disputed and net per month, plan and currency, with Stripe's fees where they were read. */
function RevenueByMonth({ rows }: { rows: RevenueRow[] }) {
  return (
    <table className="plan-sales" aria-label="Revenue by month">
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Plan</th>
          <th scope="col">Paid</th>
          <th scope="col">Refunded</th>
          <th scope="col">Disputed</th>
          <th scope="col">Net</th>
          <th scope="col">Stripe fees (as read)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.month}|${row.planName}|${row.currency}`} data-revenue={`${row.month}|${row.planName}`}>
            <td>{row.month}</td>
            <th scope="row">{row.planName}</th>
            <td>{moneyText(row.paid, row.currency)}</td>
            <td>{moneyText(row.refunded, row.currency)}</td>
            <td>{moneyText(row.disputed, row.currency)}</td>
            <td data-stat="billing.net">{moneyText(row.net, row.currency)}</td>
            <td>
              {row.stripeFee ? moneyText(row.stripeFee.amount, row.stripeFee.currency) : '—'}
              {row.paymentsWithoutFee > 0 && ` (${formatCount(row.paymentsWithoutFee)} not read)`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const attentionWords: Record<BillingAttentionItem['kind'], string> = {
  unmatched: 'No plan took it',
  'second-subscription': 'Second subscription: refund and cancel one',
  inquiry: 'Inquiry: answer it in Stripe',
  chargeback: 'Chargeback',
};

/** What an admin should look at in Stripe's Dashboard, newest first. */
function PaymentsToLookAt({ items }: { items: BillingAttentionItem[] }) {
  return (
    <>
      <h4>Payments to look at</h4>
      <ul className="plan-attention">
        {items.map((item) => (
          <li key={`${item.at}|${item.objectId}|${item.kind}`} data-attention={item.kind}>
            <strong>{attentionWords[item.kind]}</strong>: {item.objectId}
            {item.amount > 0 && `, ${moneyText(item.amount, item.currency)}`}, {item.username ?? item.customerId}
            {item.detail && ` (${item.detail})`}, {item.at.slice(0, 10)}
          </li>
        ))}
      </ul>
    </>
  );
}

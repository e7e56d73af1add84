import type { BillingFigures, MoneyTotal } from '@vip/contracts';
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
      <p className="muted">Net of refunds, by the UTC month of each payment ({figures.month} is this month).</p>
    </section>
  );
}

import type { BillingOffer } from '@vip/contracts';
import { configDefaults, moneyText } from '@vip/contracts/plain';
import { Link } from 'react-router';
import { useSiteSettings } from '../../app/siteConfig.ts';
import { buyPathOf } from '../marketing/pricing.ts';
import './billing.css';

/** What Stripe charges for a plan: "€7.00 / month or €70.00 / year". */
function pricesOf(offers: BillingOffer[], plan: string): string {
  return offers
    .filter((offer) => offer.plan === plan)
    .map((offer) => `${moneyText(offer.amount, offer.currency)} / ${offer.interval}`)
    .join(' or ');
}

/**
 * A signed-in user without a plan, where plans are sold online: the plans to buy, each on to
 * Stripe's checkout. Nothing where billing is off (an admin sells plans).
 */
export function ChoosePlan({ lead }: { lead: string }) {
  const billing = useSiteSettings()?.billing;
  if (!billing || billing.plans.length === 0) return null;
  const plans = configDefaults.plans.filter((plan) => billing.plans.includes(plan.name));
  return (
    <section className="card choose-plan" aria-labelledby="choose-plan-title">
      <h2 id="choose-plan-title">Choose a plan</h2>
      <p className="muted">{lead}</p>
      <ul className="choose-plan-list">
        {plans.map((plan) => (
          <li key={plan.id}>
            <span>
              <strong>{plan.name}</strong> · {pricesOf(billing.offers, plan.name)} ·{' '}
              {plan.serverSlots === 1 ? '1 server' : `up to ${plan.serverSlots} servers`}
            </span>
            <Link className="button button-primary button-small" to={buyPathOf(billing, plan.name)!}>
              Get {plan.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { BillingOffer } from '@vip/contracts';
import { configDefaults } from '@vip/contracts/plain';
import { expect } from 'chai';
import { billingStateText } from '../src/features/billing/billingWords.ts';
import { buyPathOf, pricingTiersOf } from '../src/features/marketing/pricing.ts';

const stripe = {
  kind: 'stripe' as const,
  status: 'active' as const,
  paidUntil: '2026-12-12T10:00:00.000Z',
  graceUntil: null,
  cancelsAt: null,
  endedAt: null,
  trialUntil: null,
};

describe('frontend: plans sold through Stripe', () => {
  it('says a trial runs until its end, and a paid plan when it renews (DD.MM.YYYY)', () => {
    expect(billingStateText({ ...stripe, trialUntil: '2026-12-12T10:00:00.000Z' })).to.equal('Trial until 12.12.2026');
    expect(billingStateText(stripe)).to.equal('Active, renews on 12.12.2026');
  });

  it('prices a plan at Stripe’s amount and interval, with the yearly saving, else at the shipped price', () => {
    const offers: BillingOffer[] = [
      { plan: 'Business', interval: 'month', amount: 1900, currency: 'eur' },
      { plan: 'Business', interval: 'year', amount: 19000, currency: 'eur' },
      { plan: 'Basic', interval: 'year', amount: 7000, currency: 'usd' },
    ];
    const billing = { plans: ['Basic', 'Business'], offers, graceDays: 3, trialDays: 0 };
    const price = (interval: 'month' | 'year') =>
      pricingTiersOf(configDefaults.plans, billing, interval).map(({ name, priceText, per, saving }) => ({
        name,
        priceText,
        per,
        saving,
      }));
    expect(price('month')).to.deep.equal([
      { name: 'Basic', priceText: '$70.00', per: 'year', saving: undefined },
      { name: 'Business', priceText: '€19.00', per: 'month', saving: undefined },
      { name: 'Premium', priceText: '€10', per: 'month', saving: undefined },
    ]);
    expect(price('year')[1]).to.deep.equal({ name: 'Business', priceText: '€190.00', per: 'year', saving: 'Save 16%' });
    // a plan sold only by the year is bought by the year
    expect(buyPathOf(billing, 'Basic')).to.equal('/buy/basic?interval=year');
    expect(buyPathOf(billing, 'Business', 'year')).to.equal('/buy/business?interval=year');
    expect(buyPathOf(billing, 'Business')).to.equal('/buy/business');
    expect(buyPathOf(billing, 'Premium')).to.equal(null);
  });
});

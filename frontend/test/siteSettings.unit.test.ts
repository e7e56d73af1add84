import { configDefaults } from '@vip/contracts/plain';
import { expect } from 'chai';
import { hoursText, minutesText } from '../src/app/durations.ts';
import { posterPlanTier, pricingTiersOf } from '../src/features/marketing/pricing.ts';

describe('frontend: what the pages state from the site settings', () => {
  it('says configured durations in words', () => {
    expect(hoursText(24)).to.equal('24 hours');
    expect(hoursText(1)).to.equal('1 hour');
    expect(hoursText(0.5)).to.equal('30 minutes');
    expect(minutesText(60)).to.equal('60 minutes');
    expect(minutesText(1)).to.equal('1 minute');
    // VIP_ROLE_SECONDS=90 (tests) makes 1.5 minutes
    expect(minutesText(1.5)).to.equal('90 seconds');
  });

  it('writes each pricing line from what the plan includes (spec §9)', () => {
    const tiers = pricingTiersOf(configDefaults.plans);
    expect(tiers.map((tier) => [tier.name, tier.price, tier.mostPopular])).to.deep.equal([
      ['Basic', 7, false],
      ['Business', 15, true],
      ['Premium', 10, false],
    ]);
    expect(tiers[0].features).to.deep.equal(['1 server', 'Standard support', 'No custom messages']);
    expect(tiers[1].features).to.deep.equal([
      'Up to 3 servers',
      'Priority support',
      'Custom verification messages',
      'Analytics',
    ]);
    expect(tiers[2].features).to.deep.equal([
      'Up to 2 servers',
      'Priority support',
      'Custom verification messages',
      'Lifetime updates',
    ]);
    // another configuration, another table
    const basic = { ...configDefaults.plans[0], serverSlots: 4, priceEuros: 9, analytics: true };
    expect(pricingTiersOf([basic])[0]).to.deep.include({ price: 9 });
    expect(pricingTiersOf([basic])[0].features)
      .to.include('Up to 4 servers')
      .and.include('Analytics');
    expect(posterPlanTier(configDefaults.posterPlan)).to.deep.include({ name: 'Business Plan', price: 15 });
    expect(posterPlanTier(configDefaults.posterPlan).features).to.include('Works in up to 3 servers');
  });
});

describe('frontend: counts as en-US writes them', () => {
  it('groups thousands like toLocaleString("en-US")', async () => {
    const { groupedCount } = await import('../src/app/counts.ts');
    for (const value of [0, 7, 999, 1000, 1234, 12345, 123456, 1234567, 1000000000, -4321])
      expect(groupedCount(value), String(value)).to.equal(value.toLocaleString('en-US'));
  });
});

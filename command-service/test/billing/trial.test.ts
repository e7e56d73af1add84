import { expect } from 'chai';
import type Stripe from 'stripe';
import { readStripeEvent } from '../../src/billing/stripe-events.ts';

const prices = { prices: { Business: 'price_business' }, yearlyPrices: {} };

/** invoice.paid of a subscription's invoice, for `subtotal` before discounts and `amount_paid` after. */
const invoicePaid = (fields: { billing_reason: string; subtotal: number; amount_paid: number }) =>
  ({
    id: 'evt_1',
    object: 'event',
    type: 'invoice.paid',
    created: 1_800_000_000,
    data: {
      object: {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        currency: 'eur',
        period_start: 1_700_000_000,
        period_end: 1_700_000_000,
        ...fields,
        lines: {
          object: 'list',
          data: [
            {
              id: 'il_1',
              object: 'line_item',
              amount: fields.subtotal,
              period: { start: 1_700_000_000, end: 1_701_209_600 },
              pricing: { type: 'price_details', price_details: { price: 'price_business', product: 'prod_1' } },
            },
          ],
        },
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
      },
    },
  }) as unknown as Stripe.Event;

const trialOf = (fields: Parameters<typeof invoicePaid>[0]) => {
  const read = readStripeEvent(invoicePaid(fields), prices);
  const fact = read && !read.notice ? read.fact : undefined;
  return fact?.kind === 'invoice-paid' ? fact.trial : undefined;
};

describe('a first-time buyer’s trial as Stripe reports it', () => {
  it('is the subscription’s first invoice with nothing to charge before discounts', () => {
    expect(trialOf({ billing_reason: 'subscription_create', subtotal: 0, amount_paid: 0 })).to.equal(true);
  });

  it('is not a first month made free by a promotion code, nor a renewal, nor a paid first period', () => {
    expect(trialOf({ billing_reason: 'subscription_create', subtotal: 1500, amount_paid: 0 })).to.equal(false);
    expect(trialOf({ billing_reason: 'subscription_cycle', subtotal: 0, amount_paid: 0 })).to.equal(false);
    expect(trialOf({ billing_reason: 'subscription_create', subtotal: 1500, amount_paid: 1500 })).to.equal(false);
  });
});

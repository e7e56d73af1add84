import { expect } from 'chai';
import type Stripe from 'stripe';
import { readStripeEvent } from '../../src/billing/stripe-events.ts';

const prices = { prices: { Basic: 'price_basic', Business: 'price_business' }, yearlyPrices: {} };
const USER = '0b6f3c1e-5a1d-4c2e-9f3a-2d4b6c8e0f12';
const line = (price: string, amount: number, start: number, end: number) => ({
  id: `il_${price}_${amount}`,
  object: 'line_item',
  amount,
  period: { start, end },
  pricing: { type: 'price_details', price_details: { price, product: 'prod_1' } },
});
const invoicePaid = (lines: object[]) =>
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
        amount_paid: 800,
        currency: 'eur',
        period_start: 1_700_000_000,
        period_end: 1_700_000_000,
        lines: { object: 'list', data: lines },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_1', metadata: { userId: USER } },
        },
        payment_method_details: { card: { last4: '4242' } },
      },
    },
  }) as unknown as Stripe.Event;

describe('Stripe events as the product reads them', () => {
  it('takes the plan and period of a switch’s charge line, not of the credit for the old price', () => {
    const read = readStripeEvent(
      invoicePaid([line('price_business', -700, 100, 200), line('price_basic', 300, 100, 200)]),
      prices,
    );
    expect(read?.userId).to.equal(USER);
    expect(read?.fact).to.deep.equal({
      kind: 'invoice-paid',
      invoiceId: 'in_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      planName: 'Basic',
      amountPaid: 800,
      currency: 'eur',
      periodStart: new Date(100_000).toISOString(),
      periodEnd: new Date(200_000).toISOString(),
      trial: false,
    });
    // nothing but ids, amounts, times and the plan: no card data
    expect(JSON.stringify(read)).to.not.contain('4242');
  });

  it('ignores what pays for no plan of ours: a one-off invoice, another checkout mode, other event types', () => {
    const oneOff = invoicePaid([line('price_other', 500, 1, 2)]);
    (oneOff.data.object as { parent: unknown }).parent = null;
    expect(readStripeEvent(oneOff, prices)).to.equal(null);
    const payment = {
      id: 'evt_2',
      type: 'checkout.session.completed',
      created: 1,
      data: { object: { id: 'cs_1', mode: 'payment', customer: 'cus_1', subscription: null, metadata: {} } },
    } as unknown as Stripe.Event;
    expect(readStripeEvent(payment, prices)).to.equal(null);
    const other = {
      id: 'evt_3',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    } as unknown as Stripe.Event;
    expect(readStripeEvent(other, prices)).to.equal(null);
  });

  it('takes the user only from our own metadata or reference, and only as a user id', () => {
    const forged = invoicePaid([line('price_basic', 700, 1, 2)]);
    const details = (forged.data.object as { parent: { subscription_details: { metadata: object } } }).parent;
    details.subscription_details.metadata = { userId: '../../admin' };
    const read = readStripeEvent(forged, prices);
    expect(read?.userId).to.equal(null);
    expect(read?.customerId).to.equal('cus_1');
  });
});

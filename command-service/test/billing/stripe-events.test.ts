import { expect } from 'chai';
import type Stripe from 'stripe';
import {
  type ApiShape,
  BEFORE_BASIL,
  chargeIn,
  disputeOf,
  eventIn,
  invoiceIn,
  PINNED,
  type PinnedInvoice,
  subscriptionIn,
} from '../../../test/support/fake-stripe/shapes.ts';
import { type ReadFact, readStripeEvent } from '../../src/billing/stripe-events.ts';
import { PINNED_API_VERSION } from '../../src/billing/stripe-shapes.ts';

const prices = { prices: { Basic: 'price_basic', Business: 'price_business' }, yearlyPrices: {} };
const USER = '0b6f3c1e-5a1d-4c2e-9f3a-2d4b6c8e0f12';
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const asEvent = (event: object) => event as unknown as Stripe.Event;
const fields = {
  id: 'in_1',
  customer: 'cus_1',
  subscription: 'sub_1',
  userId: USER,
  priceId: 'price_basic',
  periodStart: 1_700_000_000,
  periodEnd: 1_702_592_000,
  amount: 700,
};
const read = (found: ReturnType<typeof readStripeEvent>): ReadFact => {
  if (!found || found.notice) throw new Error('expected a fact the event says whole');
  return found;
};

describe('Stripe events as the product reads them', () => {
  it('pins the API version the shapes of the tests are built for', () => {
    expect(PINNED_API_VERSION).to.equal(PINNED);
  });

  for (const shape of [PINNED, BEFORE_BASIL] as ApiShape[]) {
    describe(`in the ${shape} shape`, () => {
      it('invoice.paid: the plan and the period of its line, the amount, whose subscription', () => {
        const invoice = invoiceIn(shape, { ...fields, status: 'paid' });
        const found = read(readStripeEvent(asEvent(eventIn(shape, 'evt_1', 'invoice.paid', invoice, 1)), prices));
        expect(found.userId).to.equal(USER);
        expect(found.fact).to.deep.equal({
          kind: 'invoice-paid',
          invoiceId: 'in_1',
          customerId: 'cus_1',
          subscriptionId: 'sub_1',
          planName: 'Basic',
          amountPaid: 700,
          currency: 'eur',
          periodStart: iso(fields.periodStart),
          periodEnd: iso(fields.periodEnd),
          stripeFee: null,
          trial: false,
        });
      });

      it('invoice.payment_failed: when Stripe tries again; payment_action_required and marked_uncollectible', () => {
        const invoice = invoiceIn(shape, { ...fields, status: 'open', nextPaymentAttempt: 1_700_500_000 });
        const failed = read(
          readStripeEvent(asEvent(eventIn(shape, 'e', 'invoice.payment_failed', invoice, 1)), prices),
        );
        expect(failed.fact).to.deep.include({
          kind: 'payment-failed',
          nextPaymentAttempt: iso(1_700_500_000),
          amountDue: 700,
        });
        const action = read(
          readStripeEvent(asEvent(eventIn(shape, 'e', 'invoice.payment_action_required', invoice, 1)), prices),
        );
        expect(action.fact).to.deep.include({
          kind: 'payment-action-required',
          subscriptionId: 'sub_1',
          amountDue: 700,
        });
        const given = read(
          readStripeEvent(asEvent(eventIn(shape, 'e', 'invoice.marked_uncollectible', invoice, 1)), prices),
        );
        expect(given.fact).to.deep.include({ kind: 'invoice-uncollectible', subscriptionId: 'sub_1' });
      });

      it('customer.subscription.updated: set to cancel at the period’s end, with Stripe’s status', () => {
        const subscription = subscriptionIn(shape, {
          id: 'sub_1',
          customer: 'cus_1',
          userId: USER,
          priceId: 'price_business',
          periodStart: fields.periodStart,
          periodEnd: fields.periodEnd,
          cancelAtPeriodEnd: true,
          status: 'past_due',
        });
        const found = read(
          readStripeEvent(asEvent(eventIn(shape, 'e', 'customer.subscription.updated', subscription, 1)), prices),
        );
        expect(found.fact).to.deep.equal({
          kind: 'subscription-updated',
          customerId: 'cus_1',
          subscriptionId: 'sub_1',
          planName: 'Business',
          cancelsAt: iso(fields.periodEnd),
          stripeStatus: 'past_due',
        });
      });

      it('charge.refunded: whose by its customer alone (never its metadata), and the payment to find its invoice by', () => {
        const charge = chargeIn(shape, {
          id: 'ch_1',
          customer: 'cus_1',
          amount: 700,
          amountRefunded: 700,
          paymentIntent: 'pi_1',
          invoice: 'in_1',
          metadata: { userId: USER },
        });
        const found = readStripeEvent(asEvent(eventIn(shape, 'e', 'charge.refunded', charge, 1)), prices);
        const notice = found?.notice;
        expect(notice).to.include({ chargeId: 'ch_1', customerId: 'cus_1', paymentIntentId: 'pi_1' });
        // before basil the charge names its invoice; since, the invoice payments do
        expect(notice?.invoiceId).to.equal(shape === BEFORE_BASIL ? 'in_1' : null);
        expect(notice?.factOf('cus_1', null)).to.deep.include({ kind: 'charge-refunded', amountRefunded: 700 });
        expect(JSON.stringify(notice?.factOf('cus_1', null))).to.not.contain(USER);
      });

      it('charge.dispute.created/updated/closed: the charge and payment it names, and Stripe’s status', () => {
        const dispute = disputeOf({ id: 'dp_1', charge: 'ch_1', paymentIntent: 'pi_1', amount: 700, status: 'won' });
        for (const type of ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']) {
          const notice = readStripeEvent(asEvent(eventIn(shape, 'e', type, dispute, 1)), prices)?.notice;
          expect(notice, type).to.include({ chargeId: 'ch_1', customerId: null, paymentIntentId: 'pi_1' });
          expect(notice?.factOf('cus_1', null)).to.deep.include({
            kind: 'charge-disputed',
            status: 'won',
            disputeId: 'dp_1',
          });
        }
      });
    });
  }

  it('takes the plan and period of a switch’s charge line, not of the credit for the old price', () => {
    const invoice = invoiceIn(PINNED, {
      ...fields,
      status: 'paid',
      priceId: 'price_business',
      amount: -700,
    }) as PinnedInvoice;
    const charged = invoiceIn(PINNED, { ...fields, status: 'paid', amount: 300 }) as PinnedInvoice;
    invoice.lines.data.push(...charged.lines.data);
    const found = read(readStripeEvent(asEvent(eventIn(PINNED, 'e', 'invoice.paid', invoice, 1)), prices));
    expect(found.fact).to.deep.include({ planName: 'Basic' });
  });

  it('ignores what pays for no plan of ours: a one-off invoice, another checkout mode, other event types', () => {
    const oneOff = { ...invoiceIn(PINNED, { ...fields, status: 'paid' }), parent: null };
    expect(readStripeEvent(asEvent(eventIn(PINNED, 'e', 'invoice.paid', oneOff, 1)), prices)).to.equal(null);
    const payment = { id: 'cs_1', mode: 'payment', customer: 'cus_1', subscription: null, metadata: {} };
    expect(readStripeEvent(asEvent(eventIn(PINNED, 'e', 'checkout.session.completed', payment, 1)), prices)).to.equal(
      null,
    );
    expect(readStripeEvent(asEvent(eventIn(PINNED, 'e', 'customer.created', {}, 1)), prices)).to.equal(null);
  });

  it('takes the user only from our own metadata or reference, and only as a user id', () => {
    const forged = invoiceIn(BEFORE_BASIL, { ...fields, status: 'paid', userId: '../../admin' });
    const found = read(readStripeEvent(asEvent(eventIn(BEFORE_BASIL, 'e', 'invoice.paid', forged, 1)), prices));
    expect(found.userId).to.equal(null);
    expect(found.customerId).to.equal('cus_1');
  });
});

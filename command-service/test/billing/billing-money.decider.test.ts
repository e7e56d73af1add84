import { expect } from 'chai';
import type { StripeFact } from '../../src/billing/billing.decider.ts';
import {
  at,
  checkout,
  decided,
  disputedAs,
  failedRetrying,
  fold,
  GRACE_DAYS,
  history,
  ids_,
  invoiceOf,
  paid,
  refunded,
  stripe,
  updated,
} from './billing-facts.ts';

/** #27: refunds, disputes, a second subscription and past-due plans as Stripe really bills them. */
describe('billing decider: money as Stripe moves it', () => {
  describe('refunds and disputes as money works', () => {
    const running = history([
      stripe(checkout(), at(-40)),
      stripe(paid(at(-40), at(-10)), at(-40)),
      stripe(paid(at(-10), at(20)), at(-10)),
    ]);
    const ends = (fact: StripeFact) => {
      const event = decided(running, stripe(fact, at(0)));
      expect(event.data.billing).to.include({ status: 'ended', endedAt: at(0) });
      expect(event.data.plan).to.include({ expiresAt: at(0), ended: true });
      // and Stripe is told to charge no more
      expect(event.data).to.include({ cancelledSubscriptionId: 'sub_1' });
    };
    const runsOn = (fact: StripeFact) => {
      const event = decided(running, stripe(fact, at(0)));
      expect(event.data.billing).to.include({ status: 'active', endedAt: null });
      expect(event.data.plan).to.include({ expiresAt: at(23), ended: false });
      expect(event.data).to.include({ cancelledSubscriptionId: null });
      return event;
    };

    it('a full refund of the charge that paid the period now running ends the plan and cancels the subscription', () =>
      ends(refunded(1500, invoiceOf(at(20)))));

    it('a full refund of an older period, of another subscription, of no known invoice, or a partial one, is money back only', () => {
      const older = runsOn(refunded(1500, invoiceOf(at(-10))));
      expect(older.data).to.include({ invoiceId: `in_${at(-10)}`, chargedPlanName: 'Business', periodEnd: at(-10) });
      runsOn(refunded(1500, invoiceOf(at(20), 'sub_other')));
      runsOn(refunded(1500, null));
      runsOn(refunded(1499, invoiceOf(at(20))));
    });

    for (const status of ['needs_response', 'under_review', 'lost'])
      it(`a chargeback (${status}) ends the plan and cancels the subscription`, () => ends(disputedAs(status)));

    for (const status of ['warning_needs_response', 'warning_under_review', 'warning_closed'])
      it(`an inquiry (${status}) changes no plan and is recorded`, () => {
        const event = runsOn(disputedAs(status));
        expect(event.type).to.equal('BillingChargeDisputed');
        expect(event.data).to.include({ status });
      });

    it('a dispute won after the chargeback is recorded; the plan it ended stays ended', () => {
      const over = history([stripe(disputedAs('needs_response'), at(0))], running);
      const won = decided(over, stripe(disputedAs('won'), at(5)));
      expect(won.data).to.include({ status: 'won', cancelledSubscriptionId: null });
      expect(won.data.plan.ended).to.equal(true);
    });
  });

  describe('a second live subscription (two checkouts racing at Stripe)', () => {
    const running = history([stripe(checkout(), at(-10)), stripe(paid(at(-10), at(20)), at(-10))]);

    it('is recorded and never adopted: the plan does not flip between the two', () => {
      const second = history(
        [stripe(checkout('sub_2', 'Basic'), at(0)), stripe(paid(at(0), at(30), 'sub_2', 'Basic'), at(0))],
        running,
      );
      const state = fold(second);
      expect(state.planName).to.equal('Business');
      expect(state.billing.standing).to.include({ subscriptionId: 'sub_1', paidUntil: at(20) });
      expect(second.slice(running.length).map((event) => event.type)).to.deep.equal([
        'BillingCheckoutCompleted',
        'BillingInvoicePaid',
      ]);
      // the first one's renewal still renews the plan
      const renewal = decided(second, stripe(paid(at(20), at(50)), at(20)));
      expect(renewal.data.plan).to.include({ name: 'Business', expiresAt: at(53) });
    });
  });

  describe('grace that follows Stripe’s retries', () => {
    const running = history([stripe(checkout(), at(-30)), stripe(paid(at(-30), at(0)), at(-30))]);

    it('stays on until a day after Stripe’s next attempt, when that is later than the grace days', () => {
      const event = decided(running, stripe(failedRetrying(at(8)), at(0)));
      expect(event.data.billing).to.include({ status: 'past_due', graceUntil: at(9) });
      expect(event.data).to.include({ nextPaymentAttempt: at(8) });
      expect(event.data.plan.expiresAt).to.equal(at(9));
      // the next failure moves it to the attempt after
      const again = decided(
        history([stripe(failedRetrying(at(8)), at(0))], running),
        stripe(failedRetrying(at(15)), at(8)),
      );
      expect(again.data.billing.graceUntil).to.equal(at(16));
    });

    it('keeps at least the grace days when Stripe retries sooner', () => {
      const event = decided(running, stripe(failedRetrying(at(1)), at(0)));
      expect(event.data.billing.graceUntil).to.equal(at(GRACE_DAYS));
    });

    for (const [what, fact] of [
      ['the subscription unpaid', { ...(updated(null) as object), stripeStatus: 'unpaid' }],
      ['the subscription canceled', { ...(updated(null) as object), stripeStatus: 'canceled' }],
      ['the invoice uncollectible', { kind: 'invoice-uncollectible', invoiceId: 'in_x', ...ids_ }],
    ] as const)
      it(`ends when Stripe gives up: ${what}`, () => {
        const past = history([stripe(failedRetrying(at(8)), at(0))], running);
        const event = decided(past, stripe(fact as StripeFact, at(4)));
        expect(event.data.billing).to.include({ status: 'ended', endedAt: at(4) });
        expect(event.data.plan.ended).to.equal(true);
      });

    it('a payment the bank asks the buyer to confirm is recorded, the plan unchanged', () => {
      const event = decided(
        running,
        stripe(
          { kind: 'payment-action-required', invoiceId: 'in_y', ...ids_, amountDue: 1500, currency: 'eur' },
          at(0),
        ),
      );
      expect(event.type).to.equal('BillingPaymentActionRequired');
      expect(event.data.plan).to.deep.equal((running.at(-1) as typeof event).data.plan);
    });
  });
});

import { planRuns } from '@vip/contracts';
import { expect } from 'chai';
import { type BillingCommand, billingDecider, type StripeFact } from '../../src/billing/billing.decider.ts';
import { STRIPE_RESEND_WINDOW_MS } from '../../src/billing/billing.state.ts';
import { subscriptionDecider } from '../../src/subscriptions/subscription.decider.ts';
import { NOW } from '../support/decider-spec.ts';
import {
  at,
  checkout,
  decided,
  deleted,
  disputed,
  failed,
  fold,
  GRACE_DAYS,
  history,
  invoiceOf,
  paid,
  refunded,
  spec,
  stripe,
  updated,
} from './billing-facts.ts';

describe('billing decider: Stripe events on the subscriber’s stream', () => {
  it('starts the plan on a completed checkout, for the grace days until its first invoice is paid', () => {
    spec
      .given([])
      .when(stripe(checkout(), at(0), 'evt_checkout'))
      .then([
        {
          type: 'BillingCheckoutCompleted',
          data: {
            userId: 'u1',
            stripeEventId: 'evt_checkout',
            stripeEventAt: at(0),
            checkoutSessionId: 'cs_sub_1',
            subscriptionId: 'sub_1',
            planName: 'Business',
            billing: {
              status: 'active',
              customerId: 'cus_1',
              subscriptionId: 'sub_1',
              startedAt: at(0),
              paidUntil: null,
              graceUntil: null,
              cancelsAt: null,
              endedAt: null,
            },
            plan: { name: 'Business', startedAt: at(0), expiresAt: at(GRACE_DAYS), ended: false },
          },
        },
      ]);
  });

  it('runs a paid period until its end and the grace days after it (the renewal is charged after it)', () => {
    const event = decided(history([stripe(checkout(), at(0))]), stripe(paid(at(0), at(30)), at(0)));
    expect(event.type).to.equal('BillingInvoicePaid');
    expect(event.data.billing).to.include({ status: 'active', paidUntil: at(30) });
    expect(event.data.plan).to.deep.equal({ name: 'Business', startedAt: at(0), expiresAt: at(33), ended: false });
  });

  it('starts the plan from its first paid invoice when the checkout is delivered after it, and then records the checkout only', () => {
    const first = history([stripe(paid(at(0), at(30)), at(0))]);
    expect(first[0].type).to.equal('BillingInvoicePaid');
    expect(fold(first)).to.include({ endedAt: null, planName: 'Business', expiresAt: at(33) });
    const late = decided(first, stripe(checkout(), at(0)));
    expect(late.type).to.equal('BillingCheckoutCompleted');
    expect(late.data.plan).to.deep.equal((first[0] as typeof late).data.plan);
  });

  it('applies each Stripe event once: a retried delivery decides nothing', () => {
    const given = history([stripe(checkout(), at(0), 'evt_a'), stripe(paid(at(0), at(30)), at(0), 'evt_b')]);
    spec
      .given(given)
      .when(stripe(paid(at(0), at(30)), at(0), 'evt_b'))
      .then([]);
    spec
      .given(given)
      .when(stripe(checkout(), at(0), 'evt_a'))
      .then([]);
  });

  it('never shortens a later period for an older invoice delivered after it', () => {
    const given = history([stripe(checkout(), at(-40)), stripe(paid(at(0), at(30)), at(0))]);
    const old = decided(given, stripe(paid(at(-30), at(0)), at(-30)));
    expect(old.data.billing.paidUntil).to.equal(at(30));
    expect(old.data.plan.expiresAt).to.equal(at(33));
  });

  describe('a failed payment', () => {
    const running = history([stripe(checkout(), at(-30)), stripe(paid(at(-30), at(0)), at(-30))]);

    it('makes the plan past due, on for the grace days from the failure', () => {
      const event = decided(running, stripe(failed, at(0)));
      expect(event.data.billing).to.include({ status: 'past_due', graceUntil: at(GRACE_DAYS) });
      expect(event.data.plan).to.include({ expiresAt: at(GRACE_DAYS), ended: false });
      const state = fold([...running, event]);
      expect(planRuns(state, new Date(at(2)))).to.equal(true);
      // then the plan ends as decisions §11 says: a time, not an event
      expect(planRuns(state, new Date(at(GRACE_DAYS + 0.01)))).to.equal(false);
    });

    it('keeps the grace of the first failure when Stripe’s retries fail again', () => {
      const again = decided(history([stripe(failed, at(0))], running), stripe(failed, at(2)));
      expect(again.data.billing.graceUntil).to.equal(at(GRACE_DAYS));
    });

    it('is settled by a later payment', () => {
      const event = decided(history([stripe(failed, at(0))], running), stripe(paid(at(0), at(30)), at(1)));
      expect(event.data.billing).to.include({ status: 'active', graceUntil: null, paidUntil: at(30) });
      expect(event.data.plan.expiresAt).to.equal(at(33));
    });

    it('changes nothing when it is older than a payment already applied', () => {
      const settled = history([stripe(paid(at(0), at(30)), at(1))], running);
      const late = decided(settled, stripe(failed, at(0)));
      expect(late.type).to.equal('BillingPaymentFailed');
      expect(late.data.billing).to.include({ status: 'active', graceUntil: null });
      expect(late.data.plan.expiresAt).to.equal(at(33));
    });
  });

  describe('a change of the subscription', () => {
    const running = history([stripe(checkout(), at(-10)), stripe(paid(at(-10), at(20)), at(-10))]);

    it('set to cancel at the period’s end keeps the plan until then, and no longer', () => {
      const event = decided(running, stripe(updated(at(20)), at(0)));
      expect(event.data.billing).to.include({ status: 'cancelling', cancelsAt: at(20) });
      expect(event.data.plan.expiresAt).to.equal(at(20));
    });

    it('an older cancellation delivered after the newer "keep it" changes nothing', () => {
      const kept = history([stripe(updated(null), at(1))], running);
      const late = decided(kept, stripe(updated(at(20)), at(0)));
      expect(late.data.billing).to.include({ status: 'active', cancelsAt: null });
      expect(late.data.plan.expiresAt).to.equal(at(23));
    });

    it('an invoice never changes the plan of a running subscription: its change does', () => {
      const switched = history([stripe(updated(null, 'Premium'), at(0))], running);
      const proration = decided(switched, stripe(paid(at(0), at(20), 'sub_1', 'Business'), at(1)));
      expect(proration.data.plan.name).to.equal('Premium');
    });

    it('another plan takes effect at once', () => {
      const event = decided(running, stripe(updated(null, 'Premium'), at(0)));
      expect(event.data.plan.name).to.equal('Premium');
      expect(fold([...running, event]).planName).to.equal('Premium');
    });
  });

  describe('the end', () => {
    const running = history([stripe(checkout(), at(-10)), stripe(paid(at(-10), at(20)), at(-10))]);

    for (const [what, fact] of [
      ['a cancelled subscription', deleted],
      ['a full refund', refunded(1500)],
      ['a chargeback', disputed],
    ] as const) {
      it(`${what} ends the plan now`, () => {
        const event = decided(running, stripe(fact, at(0)));
        expect(event.data.billing).to.include({ status: 'ended', endedAt: at(0) });
        expect(event.data.plan).to.include({ expiresAt: at(0), ended: true });
        expect(fold([...running, event])).to.include({ endedAt: at(0) });
      });
    }

    it('a partial refund is recorded and the plan runs on', () => {
      const event = decided(running, stripe(refunded(500), at(0)));
      expect(event.type).to.equal('BillingChargeRefunded');
      expect(event.data.billing.status).to.equal('active');
      expect(event.data.plan).to.include({ expiresAt: at(23), ended: false });
    });

    it('an invoice of an earlier period delivered after the end does not run the plan again', () => {
      const over = history([stripe(refunded(1500), at(0))], running);
      const late = decided(over, stripe(paid(at(-10), at(20)), at(-10)));
      expect(late.data.plan.ended).to.equal(true);
    });

    it('a period paid after the end runs it again (the subscription was not cancelled in Stripe)', () => {
      const over = history([stripe(refunded(1500), at(0))], running);
      const renewed = decided(over, stripe(paid(at(20), at(50)), at(20)));
      expect(renewed.data.billing).to.include({ status: 'active', endedAt: null, paidUntil: at(50) });
      expect(renewed.data.plan).to.deep.equal({ name: 'Business', startedAt: at(20), expiresAt: at(53), ended: false });
    });

    it('a new checkout after the end starts a new subscription', () => {
      const over = history([stripe(deleted, at(0))], running);
      const again = decided(over, stripe(checkout('sub_2', 'Basic'), at(5)));
      expect(again.data.billing).to.include({ subscriptionId: 'sub_2', status: 'active' });
      expect(again.data.plan).to.deep.equal({ name: 'Basic', startedAt: at(5), expiresAt: at(8), ended: false });
    });
  });

  it('keeps the days an admin gave: a plan Stripe ends runs on until them', () => {
    const admin = subscriptionDecider.decide(
      {
        type: 'StartSubscription',
        userId: 'u1',
        planName: 'Business',
        days: 60,
        slotsOverride: null,
        discordUserId: null,
      },
      billingDecider.initialState(),
      NOW,
    );
    const running = history([stripe(checkout(), at(0)), stripe(paid(at(0), at(30)), at(0))], admin);
    expect(fold(running).expiresAt).to.equal(at(60));
    const refund = decided(running, stripe(refunded(1500, invoiceOf(at(30))), at(1)));
    expect(refund.data.billing.status).to.equal('ended');
    expect(refund.data.plan).to.include({ expiresAt: at(60), ended: false });
  });

  it('records a payment fact no Stripe plan of the subscriber takes as unmatched, and nothing for a change of no plan', () => {
    const kinds = [
      [failed, 'failed', 'in_x', 1500],
      [refunded(1500), 'refunded', 'ch_1', 1500],
      [disputed, 'disputed', 'dp_1', 1500],
      // a price STRIPE_PRICES does not name starts no plan
      [
        { ...(paid(at(0), at(30)) as Extract<StripeFact, { kind: 'invoice-paid' }>), planName: null },
        'paid',
        `in_${at(30)}`,
        1500,
      ],
    ] as const;
    for (const [fact, kind, objectId, amount] of kinds) {
      const [event] = billingDecider.decide(stripe(fact, at(0), `evt_${kind}`), fold([]), NOW);
      expect(event.type, kind).to.equal('BillingPaymentUnmatched');
      expect(event.data).to.deep.include({ userId: 'u1', customerId: 'cus_1', kind, objectId, amount });
      // and once: the same event again records nothing
      spec
        .given([event])
        .when(stripe(fact, at(0), `evt_${kind}`))
        .then([]);
    }
    spec
      .given([])
      .when(stripe(updated(null), at(0)))
      .then([]);
  });

  it('remembers the ids of 30 days of Stripe events only, and refuses an event older than that', () => {
    const commands: BillingCommand[] = [stripe(checkout(), at(0), 'evt_first')];
    for (let month = 0; month < 24; month++)
      commands.push(stripe(paid(at(month * 30), at(month * 30 + 30)), at(month * 30)));
    const state = fold(history(commands));
    expect(state.billing.recent.length).to.be.at.most(2);
    expect(
      state.billing.recent.every(({ at: time }) => time >= Date.parse(at(23 * 30)) - STRIPE_RESEND_WINDOW_MS),
    ).to.equal(true);
    spec
      .given(history(commands))
      .when(stripe(checkout(), at(0), 'evt_first'))
      .then([]);
  });

  it('records the Stripe customer made for the subscriber once', () => {
    spec
      .given([])
      .when({ type: 'RecordBillingCustomer', userId: 'u1', customerId: 'cus_1' })
      .then([
        { type: 'BillingCustomerCreated', data: { userId: 'u1', customerId: 'cus_1', createdAt: NOW.toISOString() } },
      ]);
    spec
      .given(history([{ type: 'RecordBillingCustomer', userId: 'u1', customerId: 'cus_1' }]))
      .when({ type: 'RecordBillingCustomer', userId: 'u1', customerId: 'cus_2' })
      .then([]);
  });
});

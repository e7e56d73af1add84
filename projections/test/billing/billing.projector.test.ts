import { expect } from 'chai';
import {
  billingReadModels,
  subscriptionReadModels,
  type BillingStanding,
  type DomainEvent,
  type RevenueDocument,
  type SubscriptionDocument,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { projectEvents } from '../../src/document-batch.ts';
import { revenueProjector } from '../../src/read-models/billing/revenue.projector.ts';
import { subscriptionsProjector } from '../../src/read-models/subscriptions/subscriptions.projector.ts';
import { deliveredOneByOne, givenProjected, recorded } from '../support/projection-spec.ts';

const standing = (fields: Partial<BillingStanding> = {}): BillingStanding => ({
  status: 'active',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  startedAt: '2026-11-01T00:00:00.000Z',
  paidUntil: null,
  graceUntil: null,
  cancelsAt: null,
  endedAt: null,
  ...fields,
});
const plan = (expiresAt: string, ended = false, name = 'Business') => ({
  name,
  startedAt: '2026-11-01T00:00:00.000Z',
  expiresAt,
  ended,
});
const fact = (id: string, at: string) => ({ userId: 'u1', stripeEventId: id, stripeEventAt: at });

const checkout: DomainEvent = {
  type: 'BillingCheckoutCompleted',
  data: {
    ...fact('evt_1', '2026-11-01T00:00:00.000Z'),
    checkoutSessionId: 'cs_1',
    subscriptionId: 'sub_1',
    planName: 'Business',
    billing: standing(),
    plan: plan('2026-11-04T00:00:00.000Z'),
  },
};
const paid = (id: string, at: string, amountPaid: number, periodEnd: string, currency = 'eur'): DomainEvent => ({
  type: 'BillingInvoicePaid',
  data: {
    ...fact(id, at),
    invoiceId: `in_${id}`,
    subscriptionId: 'sub_1',
    amountPaid,
    currency,
    periodStart: at,
    periodEnd,
    billing: standing({ paidUntil: periodEnd }),
    plan: plan(new Date(Date.parse(periodEnd) + 3 * 86_400_000).toISOString()),
  },
});
const novemberPaid = paid('evt_2', '2026-11-01T00:00:00.000Z', 1500, '2026-12-01T00:00:00.000Z');
const pastDue: DomainEvent = {
  type: 'BillingPaymentFailed',
  data: {
    ...fact('evt_3', '2026-12-01T01:00:00.000Z'),
    invoiceId: 'in_dec',
    subscriptionId: 'sub_1',
    billing: standing({
      paidUntil: '2026-12-01T00:00:00.000Z',
      graceUntil: '2026-12-04T01:00:00.000Z',
      status: 'past_due',
    }),
    plan: plan('2026-12-04T01:00:00.000Z'),
  },
};
const refunded = (id: string, at: string, amountRefunded: number, ended: boolean): DomainEvent => ({
  type: 'BillingChargeRefunded',
  data: {
    ...fact(id, at),
    chargeId: 'ch_1',
    amount: 1500,
    amountRefunded,
    currency: 'eur',
    billing: ended ? standing({ status: 'ended', endedAt: at }) : standing(),
    plan: ended ? plan(at, true) : plan('2026-12-04T00:00:00.000Z'),
  },
});

describe('subscriptions projection: plans Stripe bills', () => {
  const planOf = async (events: DomainEvent[]) =>
    (await givenProjected([subscriptionsProjector], events))
      .collection<SubscriptionDocument>(subscriptionReadModels.subscriptions)
      .findOne({ _id: 'u1' });

  it('starts a plan from its checkout, with its billing beside it', async () => {
    expect(await planOf([checkout])).to.deep.equal({
      _id: 'u1',
      userId: 'u1',
      planName: 'Business',
      maxSlots: 3,
      slotsOverride: null,
      startedAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-11-04T00:00:00.000Z',
      endedAt: null,
      discordUserId: null,
      billing: standing(),
    });
  });

  it('follows the billing: paid, past due with its grace, ended by a refund', async () => {
    expect(await planOf([checkout, novemberPaid])).to.include({ expiresAt: '2026-12-04T00:00:00.000Z' });
    const due = await planOf([checkout, novemberPaid, pastDue]);
    expect(due?.billing).to.include({ status: 'past_due', graceUntil: '2026-12-04T01:00:00.000Z' });
    const over = await planOf([checkout, novemberPaid, refunded('evt_4', '2026-11-10T00:00:00.000Z', 1500, true)]);
    expect(over).to.include({ endedAt: '2026-11-10T00:00:00.000Z', expiresAt: '2026-11-10T00:00:00.000Z' });
    expect(over?.billing?.status).to.equal('ended');
  });

  it("keeps an admin's slots and the Discord id of a plan an admin started, and a manual plan has no billing", async () => {
    const started: DomainEvent = {
      type: 'SubscriptionStarted',
      data: {
        userId: 'u1',
        planName: 'Basic',
        slotsOverride: 4,
        startedAt: '2026-10-01T00:00:00.000Z',
        expiresAt: '2026-10-31T00:00:00.000Z',
        discordUserId: '123456789012345678',
      },
    };
    expect(await planOf([started])).to.not.have.property('billing');
    expect(await planOf([started, checkout])).to.include({
      planName: 'Business',
      maxSlots: 4,
      slotsOverride: 4,
      discordUserId: '123456789012345678',
    });
  });
});

describe('revenue projection', () => {
  const revenueOf = async (store: ReadStore) =>
    (await store.collection<RevenueDocument>(billingReadModels.revenue).find({}, { sort: { _id: 1 } })).map(
      ({ _id, paid, refunded }) => ({ _id, paid, refunded }),
    );
  const history: DomainEvent[] = [
    checkout,
    novemberPaid,
    paid('evt_5', '2026-12-01T00:00:00.000Z', 1500, '2027-01-01T00:00:00.000Z'),
    paid('evt_6', '2026-12-02T00:00:00.000Z', 800, '2027-01-01T00:00:00.000Z', 'usd'),
    refunded('evt_7', '2026-12-10T00:00:00.000Z', 500, false),
    refunded('evt_8', '2026-12-11T00:00:00.000Z', 1500, true),
  ];

  it('adds what was paid and what was refunded, by month, plan and currency', async () => {
    expect(await revenueOf(await givenProjected([revenueProjector], history))).to.deep.equal([
      { _id: '2026-11|Business|eur', paid: 1500, refunded: 0 },
      // the refunds' running total: 500, then 1,500 in all
      { _id: '2026-12|Business|eur', paid: 1500, refunded: 1500 },
      { _id: '2026-12|Business|usd', paid: 800, refunded: 0 },
    ]);
  });

  it('counts each event once when delivered twice or after a crash, and an older refund total adds nothing', async () => {
    const once = await givenProjected([revenueProjector], history);
    const twice = new SqliteReadStore(':memory:');
    await deliveredOneByOne(twice, [revenueProjector], recorded(history), 2);
    expect(await revenueOf(twice)).to.deep.equal(await revenueOf(once));
    await projectEvents(twice, [revenueProjector], recorded(history.slice(3), 4));
    expect(await revenueOf(twice)).to.deep.equal(await revenueOf(once));
    const late = await givenProjected(
      [revenueProjector],
      [...history, refunded('evt_9', '2026-12-12T00:00:00.000Z', 500, true)],
    );
    expect(await revenueOf(late)).to.deep.equal(await revenueOf(once));
  });
});

import {
  type BillingAttentionDocument,
  type BillingStanding,
  billingReadModels,
  type DomainEvent,
  netOf,
  parseEvent,
  type RevenueDocument,
  type SubscriptionDocument,
  subscriptionReadModels,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { expect } from 'chai';
import { billingAttentionProjector } from '../../src/read-models/billing/billing-attention.projector.ts';
import { revenueProjector } from '../../src/read-models/billing/revenue.projector.ts';
import { subscriptionsProjector } from '../../src/read-models/subscriptions/subscriptions.projector.ts';
import { deliveredOneByOne, givenProjected, projectEvents, recorded } from '../support/projection-spec.ts';

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
    stripeFee: null,
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
    nextPaymentAttempt: null,
    billing: standing({
      paidUntil: '2026-12-01T00:00:00.000Z',
      graceUntil: '2026-12-04T01:00:00.000Z',
      status: 'past_due',
    }),
    plan: plan('2026-12-04T01:00:00.000Z'),
  },
};
/** What a v2 refund or dispute learnt of its charge's invoice (none here: the plan's own is taken). */
const noInvoice = {
  invoiceId: null,
  invoiceSubscriptionId: null,
  chargedPlanName: null,
  periodEnd: null,
  cancelledSubscriptionId: null,
};
const refunded = (
  id: string,
  at: string,
  amountRefunded: number,
  ended: boolean,
  chargedPlanName: string | null = null,
): DomainEvent => ({
  type: 'BillingChargeRefunded',
  data: {
    ...fact(id, at),
    chargeId: 'ch_1',
    amount: 1500,
    amountRefunded,
    currency: 'eur',
    ...noInvoice,
    chargedPlanName,
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

const disputed = (id: string, at: string, status: string, chargedPlanName: string | null = 'Basic'): DomainEvent => ({
  type: 'BillingChargeDisputed',
  data: {
    ...fact(id, at),
    chargeId: 'ch_2',
    disputeId: 'dp_1',
    amount: 700,
    currency: 'eur',
    status,
    ...noInvoice,
    chargedPlanName,
    billing: standing(),
    plan: plan('2026-12-04T00:00:00.000Z'),
  },
});

describe('revenue projection: what an accountant signs (#27)', () => {
  const figures = async (events: DomainEvent[]) =>
    (
      await (
        await givenProjected([revenueProjector], events)
      )
        .collection<RevenueDocument>(billingReadModels.revenue)
        .find({}, { sort: { _id: 1 } })
    ).map((doc) => ({
      _id: doc._id,
      paid: doc.paid,
      refunded: doc.refunded,
      disputed: doc.disputed,
      net: netOf(doc),
      stripeFee: doc.stripeFee,
      stripeFeeCurrency: doc.stripeFeeCurrency,
      paymentsWithoutFee: doc.paymentsWithoutFee,
    }));

  it('books a refund against the plan of its charge, not the plan the subscriber has when it is refunded', async () => {
    const rows = await figures([
      checkout,
      novemberPaid,
      refunded('evt_r', '2026-12-10T00:00:00.000Z', 700, false, 'Basic'),
    ]);
    expect(rows.map(({ _id, refunded }) => ({ _id, refunded }))).to.deep.equal([
      { _id: '2026-11|Business|eur', refunded: 0 },
      { _id: '2026-12|Basic|eur', refunded: 700 },
    ]);
  });

  it('subtracts a chargeback while it is open or lost, adds it back in the month it is won; an inquiry withdraws nothing', async () => {
    const inquiry = disputed('evt_d0', '2026-11-05T00:00:00.000Z', 'warning_needs_response');
    const open = disputed('evt_d1', '2026-11-06T00:00:00.000Z', 'needs_response');
    const review = disputed('evt_d2', '2026-11-20T00:00:00.000Z', 'under_review');
    const won = disputed('evt_d3', '2026-12-15T00:00:00.000Z', 'won');
    const rows = await figures([inquiry, open, review, won]);
    expect(rows.map(({ _id, disputed, net }) => ({ _id, disputed, net }))).to.deep.equal([
      { _id: '2026-11|Basic|eur', disputed: 700, net: -700 },
      { _id: '2026-12|Basic|eur', disputed: -700, net: 700 },
    ]);
    // a lost one stays withdrawn; an older status delivered after the newer changes nothing
    const lost = await figures([open, disputed('evt_d4', '2026-12-15T00:00:00.000Z', 'lost'), review]);
    expect(lost.map(({ disputed }) => disputed)).to.deep.equal([700]);
  });

  it('adds up Stripe’s fees where they were read, and says how many payments’ fees were not', async () => {
    const withFee: DomainEvent = {
      ...novemberPaid,
      data: { ...(novemberPaid.data as object), stripeFee: { amount: 48, currency: 'eur' } },
    } as DomainEvent;
    const rows = await figures([
      checkout,
      withFee,
      paid('evt_x', '2026-11-03T00:00:00.000Z', 1500, '2026-12-03T00:00:00.000Z'),
    ]);
    expect(rows[0]).to.include({ paid: 3000, stripeFee: 48, stripeFeeCurrency: 'eur', paymentsWithoutFee: 1 });
  });

  it('replays events written before #27 (v1): a refund against the plan it carries, a dispute as a chargeback', async () => {
    const strip = (event: DomainEvent, ...fields: string[]) => {
      const data = { ...(event.data as Record<string, unknown>) };
      for (const field of fields) delete data[field];
      return data;
    };
    const invoiceFields = [
      'invoiceId',
      'invoiceSubscriptionId',
      'chargedPlanName',
      'periodEnd',
      'cancelledSubscriptionId',
    ];
    const v1 = [
      parseEvent('BillingInvoicePaid', strip(novemberPaid, 'stripeFee'), 1),
      parseEvent(
        'BillingChargeRefunded',
        strip(refunded('evt_r1', '2026-11-20T00:00:00.000Z', 500, false), ...invoiceFields),
        1,
      ),
      parseEvent(
        'BillingChargeDisputed',
        strip(disputed('evt_d1', '2026-11-21T00:00:00.000Z', 'won'), 'status', ...invoiceFields),
        1,
      ),
    ];
    expect(v1[2].data).to.include({ status: 'needs_response', chargedPlanName: null });
    const rows = await figures(v1);
    expect(rows).to.deep.equal([
      {
        _id: '2026-11|Business|eur',
        paid: 1500,
        refunded: 500,
        disputed: 700,
        net: 300,
        stripeFee: 0,
        stripeFeeCurrency: null,
        paymentsWithoutFee: 1,
      },
    ]);
  });
});

describe('billing attention projection: what admins should look at', () => {
  const attentionOf = async (events: DomainEvent[]) =>
    (
      await (
        await givenProjected([billingAttentionProjector], events)
      )
        .collection<BillingAttentionDocument>(billingReadModels.attention)
        .find({}, { sort: { at: 1 } })
    ).map(({ kind, objectId, detail }) => ({ kind, objectId, detail }));

  it('lists unmatched payments, inquiries, chargebacks and a second live subscription, nothing else', async () => {
    const unmatched: DomainEvent = {
      type: 'BillingPaymentUnmatched',
      data: {
        userId: null,
        customerId: 'cus_x',
        stripeEventId: 'evt_u',
        stripeEventAt: '2026-11-02T00:00:00.000Z',
        kind: 'paid',
        objectId: 'in_x',
        amount: 900,
        currency: 'eur',
        status: null,
      },
    };
    const second = paid('evt_s', '2026-11-04T00:00:00.000Z', 700, '2026-12-04T00:00:00.000Z');
    (second.data as { subscriptionId: string }).subscriptionId = 'sub_2';
    expect(
      await attentionOf([
        checkout,
        novemberPaid,
        unmatched,
        second,
        disputed('evt_i', '2026-11-05T00:00:00.000Z', 'warning_needs_response'),
        disputed('evt_c', '2026-11-06T00:00:00.000Z', 'needs_response'),
        disputed('evt_w', '2026-11-07T00:00:00.000Z', 'won'),
      ]),
    ).to.deep.equal([
      { kind: 'unmatched', objectId: 'in_x', detail: 'paid' },
      { kind: 'second-subscription', objectId: 'sub_2', detail: 'the plan runs on sub_1' },
      { kind: 'inquiry', objectId: 'dp_1', detail: 'warning_needs_response' },
      { kind: 'chargeback', objectId: 'dp_1', detail: 'needs_response' },
    ]);
  });
});

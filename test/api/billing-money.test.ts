import type { AdminStatsResponse } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN } from '../support/all-in-one.ts';
import { type Buyer, buyer, days, panelOf, useBillingProduct } from '../support/billing.ts';
import { PRICES } from '../support/fake-stripe/fake-stripe.ts';
import { seconds } from '../support/fake-stripe/objects.ts';
import {
  type ApiShape,
  BEFORE_BASIL,
  chargeIn,
  disputeOf,
  eventIn,
  invoiceIn,
  PINNED,
  subscriptionIn,
} from '../support/fake-stripe/shapes.ts';
import { api, login } from '../support/http.ts';
import { allEvents, eventually, streamEvents } from '../support/seed.ts';

const DAY = 86_400;

/**
 * Stripe as it really bills (#27, #26 item 8), over real HTTP with the fake Stripe: events of
 * an endpoint made before basil, refunds and disputes mapped to their invoice through the
 * invoice payments, the subscription cancelled when the product ends a plan for its money,
 * every payment fact in the log, and a slow Stripe failing the delivery before anything is
 * applied.
 */
describe('billing: money events as Stripe sends them', function () {
  this.timeout(120_000);
  const world = useBillingProduct({ BILLING_GRACE_DAYS: '3' });
  const now = () => seconds(Date.now());
  const deliver = (shape: ApiShape, type: string, object: object, created = now()) =>
    world.fake.deliver(eventIn(shape, world.fake.id('evt'), type, object, created));
  const planStream = (who: { id: string }) => streamEvents(world.product.dataDir, `subscription-${who.id}`);
  /** Stripe's subscription was cancelled through its API. */
  const cancelled = (subscription: string) => world.fake.subscriptions.get(subscription)?.status === 'canceled';
  const lastOf = async (who: { id: string }) => (await planStream(who)).at(-1)!;

  /** The next period of `who` paid: its invoice and charge, as the fake Stripe keeps them. */
  const renew = (who: Buyer, start: number) =>
    world.fake.paidPeriod({
      customer: who.customer,
      subscription: who.subscription,
      userId: who.id,
      priceId: who.priceId,
      start,
    });
  const refundOf = (
    shape: ApiShape,
    charge: { id: string; customer: string; amount: number; payment_intent: string },
    invoice: string,
    amountRefunded: number,
  ) =>
    chargeIn(shape, {
      id: charge.id,
      customer: charge.customer,
      amount: charge.amount,
      amountRefunded,
      paymentIntent: charge.payment_intent,
      invoice,
    });

  it('applies the events of an endpoint made before basil (2024-06-20), and warns once that the version differs', async () => {
    const ann = await buyer(world, 'ann');
    const start = now() + 30 * DAY;
    const renewal = invoiceIn(BEFORE_BASIL, {
      id: world.fake.id('in'),
      customer: ann.customer,
      subscription: ann.subscription,
      userId: ann.id,
      priceId: ann.priceId,
      periodStart: start,
      periodEnd: start + 30 * DAY,
      amount: 1500,
      status: 'paid',
    });
    expect((await deliver(BEFORE_BASIL, 'invoice.paid', renewal)).status).to.equal(200);
    const renewed = await panelOf(world.product, ann.token);
    expect(Date.parse(renewed.expiresAt) - Date.now()).to.be.within(days(62.9), days(63));
    const cancelling = subscriptionIn(BEFORE_BASIL, {
      id: ann.subscription,
      customer: ann.customer,
      userId: ann.id,
      priceId: ann.priceId,
      periodStart: start,
      periodEnd: start + 30 * DAY,
      cancelAtPeriodEnd: true,
    });
    expect((await deliver(BEFORE_BASIL, 'customer.subscription.updated', cancelling, now() + 1)).status).to.equal(200);
    expect((await panelOf(world.product, ann.token)).billing).to.include({
      status: 'cancelling',
      cancelsAt: new Date((start + 30 * DAY) * 1000).toISOString(),
    });
    const warnings = world.product
      .output()
      .split('\n')
      .filter((line) => line.includes('another API version'));
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain(BEFORE_BASIL);
  });

  for (const shape of [PINNED, BEFORE_BASIL] as ApiShape[])
    it(`a full refund of the period now paid ends the plan and cancels the subscription; of an older period, only money back (${shape})`, async () => {
      const who = await buyer(world, `refunded-${shape.slice(0, 4)}`);
      const first = world.fake.charges.get(who.charge)!;
      const firstInvoice = [...world.fake.money.invoices.keys()].at(-1)!;
      const second = renew(who, now() + 30 * DAY);
      await world.fake.deliver(world.fake.event('invoice.paid', second.invoice));
      // the older period's charge, refunded in full: money back, the plan runs on
      expect(
        (await deliver(shape, 'charge.refunded', refundOf(shape, first, firstInvoice, first.amount))).status,
      ).to.equal(200);
      expect((await panelOf(world.product, who.token)).active).to.equal(true);
      expect((await lastOf(who)).data).to.include({ invoiceId: firstInvoice, cancelledSubscriptionId: null });
      expect(cancelled(who.subscription)).to.equal(false);
      // the current period's charge, refunded in part, then in full
      await deliver(shape, 'charge.refunded', refundOf(shape, second.charge, second.invoice.id, 500));
      expect((await panelOf(world.product, who.token)).active).to.equal(true);
      await deliver(shape, 'charge.refunded', refundOf(shape, second.charge, second.invoice.id, 1500), now() + 1);
      const panel = await panelOf(world.product, who.token);
      expect(panel.active).to.equal(false);
      expect(panel.billing).to.include({ status: 'ended' });
      expect(cancelled(who.subscription)).to.equal(true);
      const lookup = shape === PINNED ? '/v1/invoice_payments' : `/v1/invoices/${second.invoice.id}`;
      expect(world.fake.calls.some((call) => call.path === lookup)).to.equal(true);
    });

  it('resolves a refund’s subscriber by the Stripe customer alone: a charge’s metadata names nobody (#26 item 8)', async () => {
    const alice = await buyer(world, 'alice-meta');
    const forged = chargeIn(PINNED, {
      id: world.fake.id('ch'),
      customer: 'cus_someone_else',
      amount: 1500,
      amountRefunded: 1500,
      paymentIntent: 'pi_not_ours',
      invoice: 'in_not_ours',
      metadata: { userId: alice.id },
    });
    expect((await deliver(PINNED, 'charge.refunded', forged)).status).to.equal(200);
    expect((await panelOf(world.product, alice.token)).active).to.equal(true);
    expect((await planStream(alice)).map((event) => event.type)).to.not.include('BillingChargeRefunded');
    const [unmatched] = await streamEvents(world.product.dataDir, 'billing-customer-cus_someone_else');
    expect(unmatched.data).to.include({ userId: null, kind: 'refunded', objectId: forged.id, amount: 1500 });
    // admins see it
    const token = await login(world.product.url, ADMIN.username, ADMIN.password);
    const attention = async () =>
      (await api<AdminStatsResponse>(world.product.url, 'GET', '/api/admin/stats', { token })).body.billing.attention;
    await eventually(
      async () => (await attention()).some((item) => item.objectId === forged.id),
      10_000,
      'the projection',
    );
    expect(await attention()).to.deep.include({
      kind: 'unmatched',
      userId: null,
      username: null,
      customerId: 'cus_someone_else',
      objectId: forged.id,
      amount: 1500,
      currency: 'eur',
      detail: 'refunded',
      at: (unmatched.data as { stripeEventAt: string }).stripeEventAt,
    });
  });

  it('an inquiry changes no plan; a chargeback ends it and cancels the subscription; a won dispute is recorded', async () => {
    const bea = await buyer(world, 'bea');
    const charge = world.fake.charges.get(bea.charge)!;
    const dispute = (status: Parameters<typeof disputeOf>[0]['status']) =>
      disputeOf({ id: 'dp_bea', charge: charge.id, paymentIntent: null, amount: 1500, status });
    await deliver(PINNED, 'charge.dispute.created', dispute('warning_needs_response'));
    expect((await panelOf(world.product, bea.token)).active).to.equal(true);
    expect((await lastOf(bea)).data).to.include({ status: 'warning_needs_response', cancelledSubscriptionId: null });
    await deliver(BEFORE_BASIL, 'charge.dispute.updated', dispute('needs_response'), now() + 1);
    expect((await panelOf(world.product, bea.token)).active).to.equal(false);
    expect(cancelled(bea.subscription)).to.equal(true);
    await deliver(PINNED, 'charge.dispute.closed', dispute('won'), now() + 2);
    expect((await lastOf(bea)).type).to.equal('BillingChargeDisputed');
    expect((await lastOf(bea)).data).to.include({ status: 'won' });
  });

  it('records a payment the bank asks the buyer to confirm, the plan unchanged', async () => {
    const cid = await buyer(world, 'cid');
    const invoice = world.fake.failedInvoice({
      customer: cid.customer,
      subscription: cid.subscription,
      userId: cid.id,
      priceId: cid.priceId,
      start: now(),
    });
    await world.fake.deliver(world.fake.event('invoice.payment_action_required', invoice));
    expect((await lastOf(cid)).type).to.equal('BillingPaymentActionRequired');
    expect((await panelOf(world.product, cid.token)).billing).to.include({ status: 'active' });
  });

  it('a slow Stripe fails the delivery before anything is applied, and Stripe’s retry applies it', async () => {
    const dan = await buyer(world, 'dan');
    const before = (await allEvents(world.product.dataDir)).length;
    const event = eventIn(
      PINNED,
      world.fake.id('evt'),
      'charge.dispute.created',
      disputeOf({ id: 'dp_dan', charge: dan.charge, paymentIntent: null, amount: 1500, status: 'needs_response' }),
      now(),
    );
    world.fake.money.delayMs = 10_000;
    try {
      const slow = await world.fake.deliver(event);
      expect(slow.status).to.equal(503);
    } finally {
      world.fake.money.delayMs = 0;
    }
    expect((await allEvents(world.product.dataDir)).length).to.equal(before);
    // Stripe does not answer the cancellation: still nothing applied
    world.fake.refusals.push({
      method: 'DELETE',
      path: /^\/v1\/subscriptions\//,
      status: 500,
      type: 'api_error',
      message: 'Stripe is having a bad day',
      times: 1,
    });
    expect((await world.fake.deliver(event)).status).to.equal(503);
    expect((await allEvents(world.product.dataDir)).length).to.equal(before);
    expect((await world.fake.deliver(event)).status).to.equal(200);
    expect((await panelOf(world.product, dan.token)).active).to.equal(false);
    expect(cancelled(dan.subscription)).to.equal(true);
  });

  it('records Stripe’s fee of a payment, read from its balance transaction', async () => {
    const fay = await buyer(world, 'fay');
    const paid = (await planStream(fay)).find((event) => event.type === 'BillingInvoicePaid')!;
    // the fake Stripe's fee of a €15.00 card payment: 1.5 % + €0.25
    expect(paid.data).to.deep.include({ stripeFee: { amount: 48, currency: 'eur' } });
  });

  it('never adopts a second live subscription: the plan stays on the first and admins see the second', async () => {
    const eve = await buyer(world, 'eve');
    const before = await panelOf(world.product, eve.token);
    const second = world.fake.paidPeriod({
      customer: eve.customer,
      subscription: world.fake.id('sub'),
      userId: eve.id,
      priceId: PRICES.Basic,
      start: now(),
    });
    await world.fake.deliver(world.fake.event('invoice.paid', second.invoice, now() + 1));
    const panel = await panelOf(world.product, eve.token);
    expect(panel).to.include({ planName: 'Business', expiresAt: before.expiresAt });
    expect(panel.billing).to.deep.equal(before.billing);
    const audit = await allEvents(world.product.dataDir);
    expect(audit.at(-1)?.type).to.equal('BillingInvoicePaid');
  });
});

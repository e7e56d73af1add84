import { billingTexts, errorCodes } from '@vip/contracts';
import { expect } from 'chai';
import { type Buyer, buyer, days, panelOf, planEventTypes, useBillingProduct } from '../support/billing.ts';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, PRICES } from '../support/fake-stripe/fake-stripe.ts';
import { seconds } from '../support/fake-stripe/objects.ts';
import { allEvents } from '../support/seed.ts';

const DAY = 86_400;

/**
 * Stripe's webhook over real HTTP (#22, decisions.md §13): each event type the product acts
 * on, signed like Stripe's and delivered by the fake Stripe; once per event id, in Stripe's
 * order whatever the order of delivery, and nothing at all without a good signature.
 */
describe('billing: Stripe webhooks', function () {
  this.timeout(120_000);
  const world = useBillingProduct({ BILLING_GRACE_DAYS: '3' });
  const head = async () => (await allEvents(world.product.dataDir)).length;
  const now = () => seconds(Date.now());

  /** A renewal paid for `who`: the next period's invoice.paid, made at `created`. */
  const renewal = (who: Buyer, start: number, created = start) => {
    const { invoice } = world.fake.paidPeriod({
      customer: who.customer,
      subscription: who.subscription,
      userId: who.id,
      priceId: who.priceId,
      start,
    });
    return world.fake.event('invoice.paid', invoice, created);
  };

  it('a paid checkout links the customer and subscription and starts the plan (invoice.paid may come first)', async () => {
    const alice = await buyer(world, 'alice');
    expect(world.fake.deliveries.map((delivery) => [delivery.type, delivery.status])).to.deep.equal([
      ['invoice.paid', 200],
      ['checkout.session.completed', 200],
    ]);
    expect(await planEventTypes(world.product, alice.id)).to.deep.equal([
      'BillingCustomerCreated',
      'BillingInvoicePaid',
      'BillingCheckoutCompleted',
    ]);
    const panel = await panelOf(world.product, alice.token);
    expect(panel).to.include({ planName: 'Business', active: true });
    expect(panel.billing).to.deep.include({ kind: 'stripe', status: 'active', graceUntil: null, cancelsAt: null });
    // paid for 30 days, on for the grace days after them while the renewal is charged
    const paidUntil = Date.parse((panel.billing as { paidUntil: string }).paidUntil);
    expect(paidUntil - Date.now()).to.be.within(days(29.9), days(30));
    expect(Date.parse(panel.expiresAt) - paidUntil).to.equal(days(3));
    const [customerEvent] = (await allEvents(world.product.dataDir)).filter(
      (e) => e.type === 'BillingCheckoutCompleted',
    );
    expect(customerEvent.data).to.include({
      userId: alice.id,
      subscriptionId: alice.subscription,
      planName: 'Business',
    });
  });

  it('applies a delivery retried with the same event id once: nothing new is appended', async () => {
    const bob = await buyer(world, 'bob');
    const event = renewal(bob, now() + 30 * DAY);
    expect((await world.fake.deliver(event)).status).to.equal(200);
    const before = await head();
    const again = await world.fake.deliver(event);
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal({ received: true });
    expect(await head()).to.equal(before);
  });

  it('never shortens a later period for an older event delivered after it', async () => {
    const carol = await buyer(world, 'carol');
    const later = renewal(carol, now() + 30 * DAY);
    await world.fake.deliver(later);
    const extended = (await panelOf(world.product, carol.token)).expiresAt;
    expect(Date.parse(extended) - Date.now()).to.be.within(days(62.9), days(63));
    // the first period's invoice again, under another event id: a late delivery of an older fact
    const older = renewal(carol, now() - DAY, now() - DAY);
    expect((await world.fake.deliver(older)).status).to.equal(200);
    expect((await panelOf(world.product, carol.token)).expiresAt).to.equal(extended);
    // an older cancellation after a newer "keep it" changes nothing either
    const subscription = (cancelAtPeriodEnd: boolean) =>
      world.fake.subscription({
        id: carol.subscription,
        customer: carol.customer,
        userId: carol.id,
        priceId: PRICES.Business,
        periodStart: now(),
        periodEnd: now() + 30 * DAY,
        cancelAtPeriodEnd,
      });
    await world.fake.deliver(world.fake.event('customer.subscription.updated', subscription(false), now()));
    await world.fake.deliver(world.fake.event('customer.subscription.updated', subscription(true), now() - 60));
    expect((await panelOf(world.product, carol.token)).billing).to.include({ status: 'active', cancelsAt: null });
  });

  it('invoice.payment_failed: past due, everything on for the grace days from the failure, and the panel says until when', async () => {
    const dave = await buyer(world, 'dave');
    const failedAt = now();
    const invoice = world.fake.failedInvoice({
      customer: dave.customer,
      subscription: dave.subscription,
      userId: dave.id,
      priceId: dave.priceId,
      start: failedAt,
    });
    await world.fake.deliver(world.fake.event('invoice.payment_failed', invoice, failedAt));
    const panel = await panelOf(world.product, dave.token);
    expect(panel.active).to.equal(true);
    expect(panel.billing).to.include({
      kind: 'stripe',
      status: 'past_due',
      graceUntil: new Date((failedAt + 3 * DAY) * 1000).toISOString(),
    });
    // a later payment settles it
    await world.fake.deliver(renewal(dave, failedAt, failedAt + 60));
    expect((await panelOf(world.product, dave.token)).billing).to.include({ status: 'active', graceUntil: null });
  });

  it('customer.subscription.updated: a cancellation at the period’s end is shown, a plan change takes effect', async () => {
    const erin = await buyer(world, 'erin');
    const periodEnd = now() + 30 * DAY;
    const subscription = (priceId: string, cancelAtPeriodEnd: boolean) =>
      world.fake.subscription({
        id: erin.subscription,
        customer: erin.customer,
        userId: erin.id,
        priceId,
        periodStart: now(),
        periodEnd,
        cancelAtPeriodEnd,
      });
    await world.fake.deliver(world.fake.event('customer.subscription.updated', subscription(PRICES.Basic, false)));
    expect(await panelOf(world.product, erin.token)).to.include({ planName: 'Basic', slots: 1 });
    await world.fake.deliver(
      world.fake.event('customer.subscription.updated', subscription(PRICES.Basic, true), now() + 1),
    );
    const panel = await panelOf(world.product, erin.token);
    const endsOn = new Date(periodEnd * 1000).toISOString();
    expect(panel.billing).to.include({ status: 'cancelling', cancelsAt: endsOn });
    expect(panel).to.include({ active: true, expiresAt: endsOn });
  });

  it('customer.subscription.deleted, a full charge.refunded and charge.dispute.created end the plan now; a partial refund does not', async () => {
    const [frank, grace, heidi] = [
      await buyer(world, 'frank'),
      await buyer(world, 'grace'),
      await buyer(world, 'heidi'),
    ];
    const deleted = world.fake.subscription({
      id: frank.subscription,
      customer: frank.customer,
      userId: frank.id,
      priceId: frank.priceId,
      periodStart: now(),
      periodEnd: now() + 30 * DAY,
      status: 'canceled',
    });
    await world.fake.deliver(world.fake.event('customer.subscription.deleted', deleted));
    await world.fake.deliver(world.fake.event('charge.refunded', world.fake.refunded(grace.charge, 500)));
    expect((await panelOf(world.product, grace.token)).active, 'a partial refund').to.equal(true);
    await world.fake.deliver(world.fake.event('charge.refunded', world.fake.refunded(grace.charge, 1500), now() + 1));
    // a dispute names only its charge: whose it is comes from Stripe
    await world.fake.deliver(world.fake.event('charge.dispute.created', world.fake.dispute(heidi.charge, 1500)));
    for (const who of [frank, grace, heidi]) {
      const panel = await panelOf(world.product, who.token);
      expect(panel.active).to.equal(false);
      expect(panel.billing).to.include({ kind: 'stripe', status: 'ended' });
      // ended when Stripe says it happened (its times are whole seconds)
      expect(Math.abs(Date.now() - Date.parse(panel.expiresAt))).to.be.below(10_000);
    }
    expect(await planEventTypes(world.product, heidi.id)).to.include('BillingChargeDisputed');
    expect(world.fake.calls.some((call) => call.path === `/v1/charges/${heidi.charge}`)).to.equal(true);
  });

  it('a missing or wrong signature, or a body other than the one signed, answers 400 and appends nothing', async () => {
    const ivan = await buyer(world, 'ivan');
    const event = renewal(ivan, now() + 30 * DAY);
    const signed = JSON.stringify(event, null, 2);
    const signature = world.fake.sign(signed);
    const before = await head();
    const refused = [
      await world.fake.deliver(event, { signature: null }),
      await world.fake.deliver(event, { secret: 'whsec_not_the_endpoint_secret' }),
      await world.fake.deliver(event, { signature: 't=1,v1=0000' }),
      // the amount changed after signing
      await world.fake.deliver(event, {
        payload: signed.replace('"amount_paid": 1500', '"amount_paid": 1'),
        signature,
      }),
      // the same JSON written again: not the bytes Stripe signed
      await world.fake.deliver(event, { payload: JSON.stringify(event), signature }),
    ];
    for (const answer of refused) {
      expect(answer.status).to.equal(400);
      expect(answer.body).to.deep.equal({ error: billingTexts.badSignature, code: errorCodes.badStripeSignature });
    }
    expect(await head()).to.equal(before);
    expect((await world.fake.deliver(event, { payload: signed, signature })).status).to.equal(200);
    expect(await head()).to.equal(before + 1);
  });

  it('records a payment of someone else’s customer as unmatched, and appends nothing for an event it does not act on', async () => {
    const before = await head();
    const stranger = world.fake.paidPeriod({
      customer: 'cus_not_ours',
      subscription: 'sub_not_ours',
      userId: '',
      priceId: PRICES.Business,
      start: now(),
    });
    const answers = [
      await world.fake.deliver(world.fake.event('invoice.paid', stranger.invoice)),
      await world.fake.deliver(world.fake.event('customer.created', { id: 'cus_x', object: 'customer' })),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200]);
    const added = (await allEvents(world.product.dataDir)).slice(before);
    expect(added.map((event) => [event.type, event.data])).to.deep.equal([
      [
        'BillingPaymentUnmatched',
        {
          userId: null,
          customerId: 'cus_not_ours',
          stripeEventId: answers[0].eventId,
          stripeEventAt: (added[0].data as { stripeEventAt: string }).stripeEventAt,
          kind: 'paid',
          objectId: stranger.invoice.id,
          amount: 1500,
          currency: 'eur',
          status: null,
        },
      ],
    ]);
  });

  it('keeps card data, the API key and the webhook secret out of the log', async () => {
    const log = JSON.stringify(await allEvents(world.product.dataDir));
    expect(log).to.contain('BillingInvoicePaid');
    for (const secret of ['4242', FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, 'payment_method_details', 'exp_year'])
      expect(log, secret).to.not.contain(secret);
    expect(world.product.output()).to.not.contain(FAKE_STRIPE_KEY);
    expect(world.product.output()).to.not.contain(FAKE_WEBHOOK_SECRET);
  });
});

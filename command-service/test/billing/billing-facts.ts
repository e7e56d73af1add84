import { expect } from 'chai';
import { type BillingCommand, billingDecider, type StripeFact } from '../../src/billing/billing.decider.ts';
import type { ChargedInvoice } from '../../src/billing/stripe-facts.ts';
import type { SubscriptionEvent, SubscriptionState } from '../../src/subscriptions/subscription.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

/** Stripe facts as the webhook reads them, and the billing decider's history built from them. */
export const spec = deciderSpec(billingDecider);
export const DAY = 24 * 3600_000;
export const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
export const GRACE_DAYS = 3;

let ids = 0;
export const stripe = (fact: StripeFact, when: string, id = `evt_${++ids}`): BillingCommand => ({
  type: 'ApplyStripeEvent',
  userId: 'u1',
  stripeEvent: { id, at: when },
  graceDays: GRACE_DAYS,
  fact,
});
export const ids_ = { customerId: 'cus_1', subscriptionId: 'sub_1' };
export const checkout = (subscriptionId = 'sub_1', planName = 'Business'): StripeFact => ({
  kind: 'checkout-completed',
  checkoutSessionId: `cs_${subscriptionId}`,
  customerId: 'cus_1',
  subscriptionId,
  planName,
});
export const paid = (
  periodStart: string,
  periodEnd: string,
  subscriptionId = 'sub_1',
  planName = 'Business',
): StripeFact => ({
  kind: 'invoice-paid',
  invoiceId: `in_${periodEnd}`,
  customerId: 'cus_1',
  subscriptionId,
  planName,
  amountPaid: 1500,
  currency: 'eur',
  periodStart,
  periodEnd,
  stripeFee: null,
});
export const failedRetrying = (nextPaymentAttempt: string | null): StripeFact => ({
  kind: 'payment-failed',
  invoiceId: 'in_x',
  ...ids_,
  amountDue: 1500,
  currency: 'eur',
  nextPaymentAttempt,
});
export const failed = failedRetrying(null);
export const updated = (cancelsAt: string | null, planName: string | null = 'Business'): StripeFact => ({
  kind: 'subscription-updated',
  ...ids_,
  planName,
  cancelsAt,
  stripeStatus: 'active',
});
export const deleted: StripeFact = { kind: 'subscription-deleted', ...ids_ };
/** The invoice of sub_1 that paid the period ending `periodEnd` (the running plan's is at(20)). */
export const invoiceOf = (periodEnd: string, subscriptionId = 'sub_1') => ({
  invoiceId: `in_${periodEnd}`,
  subscriptionId,
  planName: 'Business',
  periodEnd,
});
export const refunded = (amountRefunded: number, invoice: ChargedInvoice | null = invoiceOf(at(20))): StripeFact => ({
  kind: 'charge-refunded',
  chargeId: 'ch_1',
  customerId: 'cus_1',
  amount: 1500,
  amountRefunded,
  currency: 'eur',
  invoice,
});
export const disputedAs = (status: string): StripeFact => ({
  kind: 'charge-disputed',
  chargeId: 'ch_1',
  customerId: 'cus_1',
  disputeId: 'dp_1',
  amount: 1500,
  currency: 'eur',
  status,
  invoice: invoiceOf(at(20)),
});
export const disputed = disputedAs('needs_response');

/** The events the decider itself writes for these commands, one after another. */
export function history(commands: BillingCommand[], start: SubscriptionEvent[] = []): SubscriptionEvent[] {
  const events = [...start];
  for (const command of commands) {
    const state = events.reduce(billingDecider.evolve, billingDecider.initialState());
    events.push(...billingDecider.decide(command, state, NOW));
  }
  return events;
}
export const fold = (events: SubscriptionEvent[]): SubscriptionState =>
  events.reduce(billingDecider.evolve, billingDecider.initialState());
/** The one event a command decides on top of the history. */
export const decided = (given: SubscriptionEvent[], command: BillingCommand) => {
  const events = billingDecider.decide(command, fold(given), NOW);
  expect(events, 'one event').to.have.length(1);
  return events[0] as Extract<SubscriptionEvent, { data: { plan: unknown } }>;
};

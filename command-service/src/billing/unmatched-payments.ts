import { commandHandlerFor } from '../core/command-handler.ts';
import type { Decider } from '../core/decider.ts';
import type { UnmatchedPaymentEvent } from './billing.fact-events.ts';
import { type BillingState, rememberStripeEvent, STRIPE_RESEND_WINDOW_MS } from './billing.state.ts';

/**
 * Stream `billing-customer-<customerId>`: the payment facts of a Stripe customer this product
 * did not make (a payment link, an invoice made in the Dashboard, another integration), kept
 * so that the log holds every payment of the account and admins see them. Each Stripe event
 * once, as on a subscriber's stream.
 */
export const unmatchedCustomerStream = (customerId: string) => `billing-customer-${customerId}`;

export interface RecordUnmatchedPayment {
  type: 'RecordUnmatchedPayment';
  event: UnmatchedPaymentEvent;
}

interface UnmatchedState {
  recent: BillingState['recent'];
}

const ms = (iso: string) => new Date(iso).getTime();

export const unmatchedPaymentDecider: Decider<RecordUnmatchedPayment, UnmatchedState, UnmatchedPaymentEvent> = {
  initialState: () => ({ recent: [] }),
  evolve: (state, event) => ({
    recent: rememberStripeEvent(state.recent, event.data.stripeEventId, event.data.stripeEventAt),
  }),
  decide: ({ event }, state) => {
    const newest = state.recent.reduce((max, seen) => Math.max(max, seen.at), 0);
    // applied already (a retried delivery), or older than anything Stripe still resends
    if (state.recent.some((seen) => seen.id === event.data.stripeEventId)) return [];
    if (ms(event.data.stripeEventAt) < newest - STRIPE_RESEND_WINDOW_MS) return [];
    return [event];
  },
};

export const recordUnmatchedPayment = commandHandlerFor(unmatchedPaymentDecider, ({ event }) =>
  unmatchedCustomerStream(event.data.customerId),
);

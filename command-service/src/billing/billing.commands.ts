import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { subscriptionStream } from '../subscriptions/subscription.state.ts';
import { billingDecider } from './billing.decider.ts';

// the panel and the admins' list read the plan right after Stripe's answer (the browser comes back from checkout)
// (a late projection is no reason to refuse: the fact is in the log, and Stripe's retry would append nothing)
export const billing = commandHandlerFor(billingDecider, (command) => subscriptionStream(command.userId), {
  readYourWrites: { projection: projections.subscriptions, ifLate: 'answer' },
});

import type { PlanBilling } from '@vip/contracts';
import { formatDate } from '../../lib/dates.ts';

/**
 * How a plan is paid, in one line, as the Subscription tab and the admins' list say it:
 * manual, or Stripe's billing (active, past due until …, ends on …, ended).
 */
export function billingStateText(billing: PlanBilling): string {
  if (billing.kind === 'manual') return 'Manual (set by an admin)';
  switch (billing.status) {
    case 'active':
      if (billing.trialUntil) return `Trial until ${formatDate(billing.trialUntil)}`;
      return billing.paidUntil
        ? `Active, renews on ${formatDate(billing.paidUntil)}`
        : 'Active, first payment on its way';
    case 'past_due':
      return `Past due: a payment failed and Stripe tries the card again; everything stays on until ${formatDate(billing.graceUntil)}. Update the card in Manage billing`;
    case 'cancelling':
      return `Ends on ${formatDate(billing.cancelsAt)}`;
    case 'ended':
      return `Ended on ${formatDate(billing.endedAt)}`;
  }
}

/** The badge beside it. */
export function billingBadge(billing: PlanBilling): { text: string; className: string } {
  if (billing.kind === 'manual') return { text: 'Manual', className: 'badge' };
  switch (billing.status) {
    case 'active':
      return { text: 'Stripe', className: 'badge badge-success' };
    case 'past_due':
      return { text: 'Past due', className: 'badge badge-high' };
    case 'cancelling':
      return { text: 'Cancelling', className: 'badge badge-medium' };
    case 'ended':
      return { text: 'Ended', className: 'badge badge-high' };
  }
}

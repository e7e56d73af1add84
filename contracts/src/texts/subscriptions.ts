import { configDefaults, planNamed } from '../config-defaults.ts';
import { type PlanFeature, type PlanHolding, planFeatureNames, plansWithText } from '../plans.ts';

/** What subscribers and admins read about accounts and plans. */
export const subscriptionTexts = {
  daysRange: 'Days must be a whole number from 1 to 3650',
  maxSlotsRange: 'Max slots must be a whole number from 1 to 100',
  planNameLength: 'Plan name must be 1 to 50 characters',
  discordUserId: 'Discord user ID must be 17–20 digits',
  subscriberNotFound: 'Subscriber not found',
  alreadyEnded: 'This subscription has already ended',
  stripeEndChoice: 'Choose whether Stripe stops billing now or at the end of the paid period',
  alreadySubscribed: 'This user already has a subscription',
  noActiveSubscription: 'No active subscription found',
  userNotFound: 'User not found',
  wrongCurrentPassword: 'Your current password is not correct',
  /** An admin resets subscribers' passwords; an admin's own is changed by that admin, with the current one. */
  notASubscriber: "An admin's account is not a subscriber's: its password and plan are not set here",
  failedToLoadSubscription: 'Failed to load subscription details',
} as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What subscribers read about what their plan includes and what its end changes (decisions.md §11). */
export const planTexts = {
  unknownPlan: `Plan must be one of ${configDefaults.plans.map((plan) => plan.name).join(', ')}`,
  /** A feature the caller's plan does not include (or no longer, once it ended). */
  notInPlan: (feature: PlanFeature) =>
    `${capitalised(planFeatureNames[feature])} comes with the ${plansWithText(feature)} plan`,
  planEnded: (feature: PlanFeature) => `Your plan has ended: renew it to use the ${planFeatureNames[feature]} again`,
  serverReadOnly: 'This server is read-only until your plan is renewed',
  /** Adding a server while the plan has ended and the free tier's slots are taken. */
  freeTierFull: (servers: number) =>
    `Your plan has ended: the free tier keeps ${servers} server${servers === 1 ? '' : 's'}. Renew your plan to add more`,
  failedToLoadAnalytics: 'Failed to load analytics',
  failedToSaveVerificationMessage: 'Failed to save the verification message',
} as const;

/**
 * Why the plan does not include a feature now, in the words the subscriber reads: their plan
 * has ended (it included the feature while it ran), or it never did (and which plan does).
 */
export function notIncludedText(holding: PlanHolding | null, feature: PlanFeature): string {
  const endedWithIt = holding !== null && !holding.active && planNamed(holding.planName)?.[feature] === true;
  return endedWithIt ? planTexts.planEnded(feature) : planTexts.notInPlan(feature);
}

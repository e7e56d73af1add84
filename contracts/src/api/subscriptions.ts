import { z } from 'zod';
import { planNamed } from '../config-defaults.ts';
import { SNOWFLAKE } from '../discord-id.ts';
import { errorCodes } from '../error-codes.ts';
import { errorTexts } from '../error-texts.ts';
import { subscriptionsPaths } from '../routes/subscriptions.ts';
import { planTexts, subscriptionTexts } from '../texts/subscriptions.ts';
import { adminListQuerySchema } from './admin-lists.ts';
import { newPasswordSchema, usernameSchema } from './auth.ts';
import type { PlanBilling } from './billing.ts';
import type { SubscriberIdentity } from './discord.ts';
import { answer, withSchemas } from './route-spec.ts';

const fill = errorTexts.fillAllFields;
/** A blank form field means the same as a missing one. */
const blankToMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A whole number in a range; a numeric string from a form field is accepted too. */
function wholeNumber(min: number, max: number, text: string) {
  return z.preprocess(
    (value) => {
      const present = blankToMissing(value);
      return typeof present === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(present) ? Number(present) : present;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? fill : text) })
      .int(text)
      .min(min, text)
      .max(max, text),
  );
}

const requiredText = z.string({ error: fill }).trim().min(1, fill);

/** One of the configured plans (any case), as its configured name. */
const planName = requiredText.pipe(
  z
    .string()
    .max(50, subscriptionTexts.planNameLength)
    .refine((name) => planNamed(name) !== undefined, planTexts.unknownPlan)
    .transform((name) => planNamed(name)!.name),
);
/** Absent or blank: the plan's slots; a number overrides them for this subscriber. */
const slotsOverride = z.preprocess(blankToMissing, wholeNumber(1, 100, subscriptionTexts.maxSlotsRange).optional());

export const createSubscriberRequestSchema = z.object({
  username: requiredText.pipe(usernameSchema),
  // absent or blank: the server generates one and shows it once
  password: z.preprocess(blankToMissing, newPasswordSchema.optional()),
  planName,
  days: wholeNumber(1, 3650, subscriptionTexts.daysRange),
  maxSlots: slotsOverride,
  discordUserId: z.preprocess(
    blankToMissing,
    z
      .string({ error: subscriptionTexts.discordUserId })
      .trim()
      .regex(SNOWFLAKE, subscriptionTexts.discordUserId)
      .optional(),
  ),
});
export type CreateSubscriberRequest = z.input<typeof createSubscriberRequestSchema>;

/** POST /api/admin/subscribers/:id/plan: a plan for an account that has none (made with npm run user). */
export const startPlanRequestSchema = z.object({
  planName,
  days: wholeNumber(1, 3650, subscriptionTexts.daysRange),
  maxSlots: slotsOverride,
});
export type StartPlanRequest = z.input<typeof startPlanRequestSchema>;

export const extendSubscriptionRequestSchema = z.object({
  days: wholeNumber(1, 3650, subscriptionTexts.daysRange),
  // absent or blank: the slots stay as they are
  maxSlots: slotsOverride,
});
export type ExtendSubscriptionRequest = z.input<typeof extendSubscriptionRequestSchema>;

/**
 * Ending a plan Stripe bills cancels its Stripe subscription too, so nothing is charged
 * again: `now` (the default) ends the plan and the subscription at once; `periodEnd` lets
 * Stripe stop at the end of the period paid for, when the plan ends.
 */
export const endSubscriptionRequestSchema = z.object({
  stripe: z.enum(['now', 'periodEnd'], { error: subscriptionTexts.stripeEndChoice }).default('now'),
});
export type EndSubscriptionRequest = z.input<typeof endSubscriptionRequestSchema>;

/** Subscriber and user ids are uuids; anything else names no one. */
export const subscriberIdSchema = z.uuid({ error: subscriptionTexts.subscriberNotFound });
export const userIdSchema = z.uuid({ error: subscriptionTexts.userNotFound });

/** A plan as the admin sees it after a change. */
export interface SubscriptionSummary {
  planName: string;
  startedAt: string;
  expiresAt: string;
  /** The slots the plan gives while it runs: the override, else the plan's. */
  maxSlots: number;
  /** The admin's number for this subscriber; null follows the plan. */
  slotsOverride: number | null;
  active: boolean;
}

/** POST /api/admin/subscribers: `password` only when the server generated it (shown once). */
export interface CreateSubscriberResponse {
  id: string;
  username: string;
  password?: string;
  subscription: SubscriptionSummary;
}

export interface ChangeSubscriptionResponse {
  success: true;
  subscription: SubscriptionSummary;
}

/** One row of the admin's Subscribers screen: the plan, and (SubscriberIdentity) the linked Discord account and servers. */
export interface SubscriberListItem extends SubscriberIdentity {
  id: string;
  username: string;
  planName: string;
  startedAt: string;
  expiresAt: string;
  active: boolean;
  maxSlots: number;
  slotsOverride: number | null;
  discordUserId: string | null;
  /** Manual (set by an admin) or how Stripe bills it; absent while billing is off and the plan is manual. */
  billing?: PlanBilling;
}

/**
 * A panel account with no plan at all (made with `npm run user`, or by a Discord sign-up that
 * never bought one): listed so that an admin can find and help them too.
 */
export interface AccountWithoutPlan extends SubscriberIdentity {
  id: string;
  username: string;
  registeredAt: string;
}

export interface SubscribersResponse {
  /** One page, newest first. */
  subscribers: SubscriberListItem[];
  /** Pass as `after` for the next (older) page; null when this page is the last. */
  nextAfter: string | null;
  /**
   * Non-admin accounts without a plan that match the search, newest first: with the first page
   * only (no `after`), at most a page of them (a search finds the others).
   */
  withoutPlan: AccountWithoutPlan[];
}

/** POST /api/admin/subscribers/:id/reset-password: the new password, shown once and never stored. */
export interface AdminPasswordResetResponse {
  username: string;
  password: string;
}

/**
 * GET /api/user/subscription: the panel's Subscription tab (spec §3). The license key is
 * derived from the user id; there is no panelPassword (decisions.md §4): a reset shows a
 * new one once.
 */
export interface SubscriptionPanelView {
  planName: string;
  createdAt: string;
  expiresAt: string;
  active: boolean;
  panelUsername: string;
  licenseKey: string;
  /** What the plan sells (contracts' plans); null when its name is not one of them (an older plan). */
  plan: PlanSummary | null;
  /** Slots the plan gives while it runs, and those usable now (the free tier's once it ended). */
  slots: number;
  usableSlots: number;
  /** Servers kept but read-only since the plan ended, in slot order; empty while it runs. */
  readOnlyServers: string[];
  /** What the plan includes right now (nothing once it ended). */
  includes: { customVerificationMessage: boolean; analytics: boolean };
  /**
   * Manual (set by an admin) or how Stripe bills it: active, past due until …, ends on …,
   * ended. Absent while billing is off (no STRIPE_SECRET_KEY) and the plan is manual: then
   * every plan is an admin's, as before.
   */
  billing?: PlanBilling;
}

export interface PlanSummary {
  name: string;
  priceEuros: number;
  serverSlots: number;
  customVerificationMessage: boolean;
  analytics: boolean;
}

/** GET /api/user/:id (spec §7). */
export interface UserProfileResponse {
  username: string;
  avatar: string | null;
}

export const subscriptionsApi = withSchemas(subscriptionsPaths, {
  createSubscriber: {
    summary: 'Create a subscriber account and start its plan',
    body: createSubscriberRequestSchema,
    form: true,
    response: answer<CreateSubscriberResponse>(201, '{ id, username, password? (only when generated), subscription }'),
  },
  extend: {
    summary: "Extend a subscriber's plan by days (from now or its expiry, whichever is later)",
    params: { id: subscriberIdSchema },
    invalidParams: { notFound: errorCodes.subscriberNotFound },
    body: extendSubscriptionRequestSchema,
    form: true,
    response: answer<ChangeSubscriptionResponse>(200, '{ success: true, subscription }'),
  },
  end: {
    summary:
      "End a subscriber's plan now; a plan Stripe bills is cancelled in Stripe too, at once (stripe: 'now', default) or at the end of the paid period (stripe: 'periodEnd', the plan runs until then)",
    params: { id: subscriberIdSchema },
    invalidParams: { notFound: errorCodes.subscriberNotFound },
    body: endSubscriptionRequestSchema,
    response: answer<ChangeSubscriptionResponse>(200, '{ success: true, subscription }'),
  },
  resetPassword: {
    summary:
      "Replace a subscriber's panel password with a generated one, shown once; ends every session of the account",
    params: { id: userIdSchema },
    invalidParams: { notFound: errorCodes.userNotFound },
    response: answer<AdminPasswordResetResponse>(200, '{ username, password }'),
  },
  startPlan: {
    summary: 'Start a plan for an account that has none (one made with npm run user, or by a Discord sign-up)',
    params: { id: userIdSchema },
    invalidParams: { notFound: errorCodes.userNotFound },
    body: startPlanRequestSchema,
    form: true,
    response: answer<ChangeSubscriptionResponse>(200, '{ success: true, subscription }'),
  },
  subscribers: {
    summary:
      'Subscribers, newest first, a page at a time, and (first page) the accounts without a plan; search: a name, a user id or a Discord id',
    query: adminListQuerySchema,
    response: answer<SubscribersResponse>(200, 'SubscribersResponse: { subscribers, nextAfter, withoutPlan }'),
  },
  userSubscription: {
    summary: "The signed-in user's plan, panel username and license key",
    response: answer<SubscriptionPanelView>(200, 'SubscriptionPanelView'),
  },
  userProfile: {
    summary: "A user's name and avatar",
    params: { id: userIdSchema },
    // registered after the fixed /api/user/* paths: anything that is not a user id is left to them
    invalidParams: 'unmatched',
    response: answer<UserProfileResponse>(200, '{ username, avatar }'),
  },
});

import { z } from 'zod';

/**
 * Stream `user-<userId>`. The password is stored only as its argon2id hash; the username and
 * avatar under the account's own key (personal-data.ts), so its deletion leaves them unreadable.
 * Version 2 added `avatar` (spec §3: a user has an avatar); version 1 events are upcast
 * with `avatar: null` (events/upcasters.ts).
 */
export const userRegisteredSchema = z.object({
  userId: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  isAdmin: z.boolean(),
  registeredAt: z.string(),
  /** An image URL, or null for the initial letter. */
  avatar: z.string().nullable(),
});

/** Stream `user-<userId>`: a new argon2id hash after a reset; the password itself never. */
export const passwordChangedSchema = z.object({ userId: z.string(), passwordHash: z.string(), changedAt: z.string() });

/**
 * Stream `user-<userId>`: the account was deleted, by its owner or by an admin on their request.
 * It names nobody but the account's id (no username): its plan, servers, Discord link and
 * sessions ended before it; the billing records stay, named by Stripe's ids only.
 */
export const userDeletedSchema = z.object({
  userId: z.string(),
  by: z.enum(['self', 'admin']),
  /** The Stripe subscription cancelled at once for it, or null when none was running. */
  stripeSubscriptionCancelled: z.string().nullable(),
  deletedAt: z.string(),
});

/**
 * Stream `username-<pseudonym of the lowercase name>` (`username-<lowercase name>` in logs written
 * before it): the reservation that keeps usernames unique. The username is under the account's key.
 */
export const usernameReservedSchema = z.object({
  username: z.string(),
  userId: z.string(),
});

export type UserRegistered = { type: 'UserRegistered'; data: z.infer<typeof userRegisteredSchema> };
export type UsernameReserved = { type: 'UsernameReserved'; data: z.infer<typeof usernameReservedSchema> };

/** Stream `session-<sessionId>`: a sign-in and its end. */
export const sessionStartedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  /** How the user proved who they are; absent on sessions started before it was recorded. */
  via: z.enum(['password', 'discord']).optional(),
});
export const sessionEndedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  endedAt: z.string(),
});

export type SessionStarted = { type: 'SessionStarted'; data: z.infer<typeof sessionStartedSchema> };
export type SessionEnded = { type: 'SessionEnded'; data: z.infer<typeof sessionEndedSchema> };
export type SessionEvent = SessionStarted | SessionEnded;

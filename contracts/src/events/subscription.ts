import { z } from 'zod';

/** Stream `user-<userId>`: a new argon2id hash after a reset; the password itself never. */
export const passwordChangedSchema = z.object({ userId: z.string(), passwordHash: z.string(), changedAt: z.string() });

/** Stream `subscription-<userId>`: a subscriber's plan. */
export const subscriptionStartedSchema = z.object({
  userId: z.string(),
  planName: z.string(),
  maxSlots: z.number().int().positive(),
  startedAt: z.string(),
  expiresAt: z.string(),
  discordUserId: z.string().nullable(),
});
export const subscriptionExtendedSchema = z.object({
  userId: z.string(),
  days: z.number().int().positive(),
  maxSlots: z.number().int().positive(),
  expiresAt: z.string(),
  extendedAt: z.string(),
});
export const subscriptionEndedSchema = z.object({ userId: z.string(), endedAt: z.string() });

export const whitelistDurationSchema = z.enum(['weekly', 'monthly', 'yearly', 'lifetime']);
export type WhitelistDuration = z.infer<typeof whitelistDurationSchema>;

/** Stream `whitelist-<guildId>-<discordUserId>`: a member whitelisted on a server. */
export const whitelistEntryAddedSchema = z.object({
  userId: z.string(),
  guildId: z.string(),
  duration: whitelistDurationSchema,
  expiresAt: z.string().nullable(),
  addedAt: z.string(),
});
export const whitelistEntryRemovedSchema = z.object({ userId: z.string(), guildId: z.string(), removedAt: z.string() });

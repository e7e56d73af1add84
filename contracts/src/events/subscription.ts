import { z } from 'zod';

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

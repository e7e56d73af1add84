import { z } from 'zod';

/**
 * Stream `subscription-<userId>`: a subscriber's plan. `slotsOverride` is the number of server
 * slots an admin chose for this subscriber; null follows the plan (contracts' plans). v1 wrote
 * `maxSlots`, always typed by the admin, so it reads back as an override (upcasters.ts).
 */
export const subscriptionStartedSchema = z.object({
  userId: z.string(),
  planName: z.string(),
  slotsOverride: z.number().int().positive().nullable(),
  startedAt: z.string(),
  expiresAt: z.string(),
  discordUserId: z.string().nullable(),
});
/** `slotsOverride` as it stands after the extension (an extension may set or keep it). */
export const subscriptionExtendedSchema = z.object({
  userId: z.string(),
  days: z.number().int().positive(),
  slotsOverride: z.number().int().positive().nullable(),
  expiresAt: z.string(),
  extendedAt: z.string(),
});
export const subscriptionEndedSchema = z.object({ userId: z.string(), endedAt: z.string() });

import { z } from 'zod';

/**
 * Stream `verification-message-<guildId>`: the owner's own text for the key bot's
 * key-verification message (/send), on plans that include a custom verification message
 * (decisions.md §11). `color` is the embed's side colour as a 24-bit number. A reset goes back
 * to the bot's default message.
 */
export const verificationMessageConfiguredSchema = z.object({
  guildId: z.string(),
  title: z.string(),
  description: z.string(),
  buttonLabel: z.string(),
  color: z.number().int().min(0).max(0xffffff),
  configuredAt: z.string(),
});
export const verificationMessageResetSchema = z.object({ guildId: z.string(), resetAt: z.string() });

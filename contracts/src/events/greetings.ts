import { z } from 'zod';

/** Stream `greeting-<guildId>`: the welcome message for new members. */
export const greetingConfiguredSchema = z.object({
  guildId: z.string(),
  enabled: z.boolean(),
  channelId: z.string().nullable(),
  delay: z.number().int(),
  message: z.string(),
  configuredAt: z.string(),
});
export const greetingRemovedSchema = z.object({ guildId: z.string(), removedAt: z.string() });

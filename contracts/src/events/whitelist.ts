import { z } from 'zod';

/** How long a whitelist entry lasts; lifetime never expires. */
export const whitelistDurationSchema = z.enum(['weekly', 'monthly', 'yearly', 'lifetime']);
export type WhitelistDuration = z.infer<typeof whitelistDurationSchema>;

/** Stream `whitelist-<guildId>-<discordUserId>`: a member whitelisted on a server (the admin's whitelist manager). */
export const whitelistEntryAddedSchema = z.object({
  userId: z.string(),
  guildId: z.string(),
  duration: whitelistDurationSchema,
  expiresAt: z.string().nullable(),
  addedAt: z.string(),
});
export const whitelistEntryRemovedSchema = z.object({ userId: z.string(), guildId: z.string(), removedAt: z.string() });

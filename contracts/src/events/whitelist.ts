import { z } from 'zod';

/**
 * How long a whitelist entry lasts: lifetime never ends ("no duration"); `days` runs for the
 * number of days the admin chose (its end is the entry's expiresAt); the others are fixed.
 */
export const whitelistDurationSchema = z.enum(['lifetime', 'days', 'weekly', 'monthly', 'yearly']);
export type WhitelistDuration = z.infer<typeof whitelistDurationSchema>;

/**
 * Stream `whitelist-<guildId>-<discordUserId>`: a member whitelisted on a server (the admin's
 * whitelist manager). While the entry stands the member holds the VIP role there without a
 * key (decisions.md §10).
 */
export const whitelistEntryAddedSchema = z.object({
  userId: z.string(),
  guildId: z.string(),
  duration: whitelistDurationSchema,
  expiresAt: z.string().nullable(),
  addedAt: z.string(),
});
export const whitelistEntryRemovedSchema = z.object({ userId: z.string(), guildId: z.string(), removedAt: z.string() });
/**
 * The key bot settled an entry that ended (removed, or ran out): it took the VIP role back, or
 * found nothing to take, or left it to a key window still open. Until this is in the log the
 * bot owes the removal, across restarts, as it does for key windows.
 */
export const whitelistRoleRemovedSchema = z.object({ userId: z.string(), guildId: z.string(), removedAt: z.string() });

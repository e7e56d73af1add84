import { z } from 'zod';

export const snowflakeSchema = z.string().regex(/^\d{17,20}$/);
export const channelSchema = z.object({ id: z.string(), name: z.string() });

/** Stream `guild-<guildId>`: what the key bot sees of a server it is in. */
export const guildReportedSchema = z.object({
  guildId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  memberCount: z.number().int().nonnegative(),
  channels: z.array(channelSchema),
  /** Permissions the bot needs but lacks (Manage Roles, Send Messages, Embed Links, ...). */
  missingPermissions: z.array(z.string()),
  reportedAt: z.string(),
});
export const guildLeftSchema = z.object({ guildId: z.string(), leftAt: z.string() });

/** Stream `server-owner-<guildId>`: the reservation that gives a server to one subscriber. */
export const serverClaimedSchema = z.object({ guildId: z.string(), userId: z.string(), claimedAt: z.string() });
export const serverReleasedSchema = z.object({ guildId: z.string(), userId: z.string(), releasedAt: z.string() });

/** Stream `user-servers-<userId>`: the servers in a subscriber's slots. */
export const subscriberServerAddedSchema = z.object({ userId: z.string(), guildId: z.string(), addedAt: z.string() });
export const subscriberServerChangedSchema = z.object({
  userId: z.string(),
  oldGuildId: z.string(),
  newGuildId: z.string(),
  changedAt: z.string(),
});

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

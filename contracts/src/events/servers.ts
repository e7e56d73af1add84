import { z } from 'zod';

export const channelSchema = z.object({ id: z.string(), name: z.string() });

/**
 * Stream `guild-<guildId>`: the facts decisions need about a server the key bot is in (is it
 * there, its name, icon, channels, missing permissions). Appended when one of them changes.
 */
export const guildReportedSchema = z.object({
  guildId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  /**
   * Read from v1 only: the member count, reported with the facts until counts got a stream of
   * their own (v2, GuildMemberCountReported). A v1 log's counts still reach the read models.
   */
  memberCount: z.number().int().nonnegative().optional(),
  channels: z.array(channelSchema),
  /** Permissions the bot needs but lacks (Manage Roles, Send Messages, Embed Links, ...). */
  missingPermissions: z.array(z.string()),
  reportedAt: z.string(),
});
export const guildLeftSchema = z.object({ guildId: z.string(), leftAt: z.string() });

/**
 * Stream `guild-members-<guildId>`: the server's member count when it changed (at most once a
 * report interval). Telemetry for the statistics and the landing strip, never a decision's
 * input: no decision folds this stream, a report reads only its last event.
 */
export const guildMemberCountReportedSchema = z.object({
  guildId: z.string(),
  memberCount: z.number().int().nonnegative(),
  reportedAt: z.string(),
});

/**
 * Stream `server-owner-<guildId>`: the reservation that gives a server to one subscriber.
 * Version 2: a claim names the Discord account that proved management of the server
 * (decisions.md §9); claims made before proof existed (v1) read as `discordUserId: null`,
 * an unverified claim that a manager may take over.
 */
export const serverClaimedSchema = z.object({
  guildId: z.string(),
  userId: z.string(),
  claimedAt: z.string(),
  discordUserId: z.string().nullable(),
});
/** Version 2: why (an admin's release says; a slot change or a refused add gives it back with null). */
export const serverReleasedSchema = z.object({
  guildId: z.string(),
  userId: z.string(),
  releasedAt: z.string(),
  reason: z.string().nullable(),
});
/** A subscriber who proved management took the server from an unverified claimer (`previousUserId`). */
export const serverTakenOverSchema = z.object({
  guildId: z.string(),
  userId: z.string(),
  discordUserId: z.string(),
  previousUserId: z.string(),
  takenOverAt: z.string(),
});
/** The holder of an unverified claim proved management of the server: the claim is verified. */
export const serverClaimVerifiedSchema = z.object({
  guildId: z.string(),
  userId: z.string(),
  discordUserId: z.string(),
  verifiedAt: z.string(),
});
/**
 * The Discord account that verified a claim no longer proves it (decisions.md §9): an admin
 * unlinked the account, or a later sign-in with Discord no longer lists the server among
 * those the account manages. The claim stays with its holder, unverified, until proven again.
 */
export const serverClaimUnverifiedSchema = z.object({
  guildId: z.string(),
  userId: z.string(),
  discordUserId: z.string(),
  reason: z.enum(['account-unlinked', 'management-lapsed']),
  unverifiedAt: z.string(),
});

/** Stream `user-servers-<userId>`: the servers in a subscriber's slots. */
export const subscriberServerAddedSchema = z.object({ userId: z.string(), guildId: z.string(), addedAt: z.string() });
export const subscriberServerChangedSchema = z.object({
  userId: z.string(),
  oldGuildId: z.string(),
  newGuildId: z.string(),
  changedAt: z.string(),
});
/** The server left the subscriber's slots without their doing: taken over by a manager, or released by an admin. */
export const subscriberServerRemovedSchema = z.object({
  userId: z.string(),
  guildId: z.string(),
  cause: z.enum(['taken-over', 'released']),
  removedAt: z.string(),
});

import { z } from 'zod';

/**
 * Discord identity (decisions.md §9): which Discord account a panel user is, and which
 * servers that account manages. No OAuth token and no link code is ever in an event: a
 * link code only as its SHA-256 digest, a sign-in's `state` only as its digest.
 */

/** How a panel user proved that their Discord account is an owner, Manage Server or Administrator of a server. */
export const managementProofs = ['oauth', 'link-command', 'bot-roles'] as const;
export type ManagementProof = (typeof managementProofs)[number];

/** How a Discord account came to be linked: signing in with Discord, or `/link` in a server. */
export type DiscordLinkWay = Exclude<ManagementProof, 'bot-roles'>;

/** Stream `discord-account-<discordUserId>`: the reservation that keeps a Discord account with one panel user. */
export const discordAccountReservedSchema = z.object({
  discordUserId: z.string(),
  userId: z.string(),
  reservedAt: z.string(),
});
export const discordAccountFreedSchema = z.object({
  discordUserId: z.string(),
  userId: z.string(),
  freedAt: z.string(),
});

/** Stream `discord-link-<userId>`: the panel user's Discord account and the servers it manages. */
export const discordAccountLinkedSchema = z.object({
  userId: z.string(),
  discordUserId: z.string(),
  username: z.string(),
  /** Discord's avatar hash (the image is on Discord's CDN), or null for none. */
  avatar: z.string().nullable(),
  via: z.enum(['oauth', 'link-command']),
  linkedAt: z.string(),
});
/** The linked account's name or avatar changed in Discord (seen at a later sign-in or /link). */
export const discordProfileRefreshedSchema = z.object({
  userId: z.string(),
  discordUserId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  refreshedAt: z.string(),
});
/** An admin unlinked the account (its proofs no longer count); the reason is shown in the audit trail. */
export const discordAccountUnlinkedSchema = z.object({
  userId: z.string(),
  discordUserId: z.string(),
  reason: z.string(),
  unlinkedAt: z.string(),
});
export const serverManagementProvenSchema = z.object({
  userId: z.string(),
  discordUserId: z.string(),
  guildId: z.string(),
  /** The server as Discord named it when the proof was made (the Add-server picker lists it). */
  name: z.string(),
  icon: z.string().nullable(),
  via: z.enum(managementProofs),
  provenAt: z.string(),
});
/** A later sign-in with Discord no longer lists the server as one the account manages. */
export const serverManagementLapsedSchema = z.object({
  userId: z.string(),
  discordUserId: z.string(),
  guildId: z.string(),
  lapsedAt: z.string(),
});

/** Stream `link-code-<codeDigest>`: a one-time code for `/link`, valid for minutes. */
export const linkCodeIssuedSchema = z.object({
  codeDigest: z.string(),
  userId: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
});
export const linkCodeUsedSchema = z.object({
  codeDigest: z.string(),
  userId: z.string(),
  discordUserId: z.string(),
  guildId: z.string(),
  usedAt: z.string(),
});

/** Stream `discord-sign-in-<stateDigest>`: a sign-in's `state` was used; a replay of it finds this. */
export const discordSignInCompletedSchema = z.object({
  stateDigest: z.string(),
  userId: z.string(),
  discordUserId: z.string(),
  completedAt: z.string(),
});

/** Stream `management-check-<checkId>`: the panel asks the key bot to read a member's roles in a server. */
export const managementCheckRequestedSchema = z.object({
  checkId: z.string(),
  userId: z.string(),
  discordUserId: z.string(),
  guildId: z.string(),
  requestedAt: z.string(),
});
export const managementCheckAnsweredSchema = z.object({
  checkId: z.string(),
  userId: z.string(),
  discordUserId: z.string(),
  guildId: z.string(),
  /** What the bot saw: the member is the owner, or holds Manage Server or Administrator there. */
  manages: z.boolean(),
  answeredAt: z.string(),
});

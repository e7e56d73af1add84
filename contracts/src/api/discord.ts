import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { errorCodes } from '../error-codes.ts';
import type { ManagementProof } from '../events/discord.ts';
import { erasedPerson } from '../events/personal-data.ts';
import { discordPaths } from '../routes/discord.ts';
import { ADMIN_REASON_MAX, discordTexts } from '../texts/discord.ts';
import { serverTexts } from '../texts/servers.ts';
import type { LoginResponse } from './auth.ts';
import { plainText } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';

const snowflake = (text: string) => z.string({ error: text }).regex(SNOWFLAKE, text);
const serverId = snowflake(serverTexts.badServerId);

/** Discord's permission bits that make a member a manager of a server (decisions.md §9). */
const ADMINISTRATOR = 1n << 3n;
const MANAGE_GUILD = 1n << 5n;

/**
 * The one rule of who manages a server, whoever reports the member (Discord's OAuth guild
 * list, a `/link` interaction, the bot reading roles): its owner, or Manage Server or
 * Administrator there. `permissions` is Discord's bit set as a decimal string.
 */
export function managesServer(member: { owner: boolean; permissions: string }): boolean {
  if (member.owner) return true;
  if (!/^\d{1,20}$/.test(member.permissions)) return false;
  const bits = BigInt(member.permissions);
  return (bits & (ADMINISTRATOR | MANAGE_GUILD)) !== 0n;
}

/** A Discord avatar hash as an image address on Discord's CDN; null stays null (the initial letter). */
export function discordAvatarUrl(discordUserId: string, avatar: string | null): string | null {
  // an erased account has no avatar: its address would name the account
  if (!avatar || discordUserId === erasedPerson) return null;
  if (/^https?:\/\//.test(avatar)) return avatar;
  return `https://cdn.discordapp.com/avatars/${discordUserId}/${avatar}.png?size=128`;
}

const LINK_CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/**
 * A `/link` code as people type or paste it: case, spaces, dashes and Crockford's look-alike
 * letters do not matter. Null when it cannot be a code at all.
 */
export function canonicalLinkCode(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  const code = compact.match(/.{1,4}/g)?.join('-') ?? '';
  return LINK_CODE.test(code) ? code : null;
}

const linkCodeSchema = z
  .string({ error: discordTexts.codeFormat })
  .max(64, discordTexts.codeFormat)
  .transform((value, context) => {
    const code = canonicalLinkCode(value);
    if (code === null) context.addIssue({ code: 'custom', message: discordTexts.codeFormat });
    return code ?? '';
  });

/** What Discord says of a member in a server (an interaction's member, or the member the bot fetched). */
export const discordMemberSchema = z.object({
  id: snowflake('member id must be a Discord id'),
  username: plainText(
    z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(64),
    'username',
  ),
  avatar: plainText(z.string().max(100, 'avatar must be a Discord avatar hash'), 'avatar').nullable().default(null),
  /** Discord's permission bit set in that server, as a decimal string. */
  permissions: z
    .string({ error: 'permissions must be a bit set' })
    .regex(/^\d{1,20}$/, 'permissions must be a bit set'),
  owner: z.boolean({ error: 'owner must be true or false' }),
});

const guildSeenSchema = z.object({
  name: plainText(
    z.string({ error: 'guild name is required' }).trim().min(1, 'guild name is required').max(100),
    'guild name',
  ),
  icon: plainText(z.string().max(100), 'icon').nullable().default(null),
});

export const discordStartRequestSchema = z.object({
  intent: z.enum(['sign-in', 'connect'], { error: 'intent must be sign-in or connect' }).default('sign-in'),
});
export type DiscordStartRequest = z.input<typeof discordStartRequestSchema>;

export const discordCallbackRequestSchema = z.object({
  code: z.string({ error: discordTexts.codeRefused }).trim().min(1, discordTexts.codeRefused).max(512),
  state: z.string({ error: discordTexts.stateForged }).min(1, discordTexts.stateForged).max(4096),
});
export type DiscordCallbackRequest = z.input<typeof discordCallbackRequestSchema>;

export const linkCommandRequestSchema = z.object({
  guildId: serverId,
  guild: guildSeenSchema,
  member: discordMemberSchema,
  /** Absent: the member's Discord account is linked already and proves this server too. */
  code: linkCodeSchema.optional(),
});
export type LinkCommandRequest = z.input<typeof linkCommandRequestSchema>;

export const managementCheckAnswerSchema = z.object({
  guild: guildSeenSchema,
  /** null: the account is not a member of the server. */
  member: discordMemberSchema.nullable(),
});
export type ManagementCheckAnswer = z.input<typeof managementCheckAnswerSchema>;

export const reasonRequestSchema = z.object({
  reason: plainText(
    z.string({ error: discordTexts.reasonRequired }).trim().min(1, discordTexts.reasonRequired).max(ADMIN_REASON_MAX),
    'Reason',
  ),
});

/** GET /api/auth/discord: whether the login page offers "Sign in with Discord". */
export interface DiscordSignInOptions {
  enabled: boolean;
  signUp: 'open' | 'closed';
}

export interface DiscordStartResponse {
  authorizeUrl: string;
}

export interface LinkedDiscordAccount {
  id: string;
  username: string;
  /** An image address, or null for the initial letter. */
  avatar: string | null;
}

/** Signing in answers the very session password login does; connecting answers the linked account. */
export type DiscordCallbackResponse =
  /** `newPassword`: a sign-up's generated panel password, answered this once and never again. */
  ({ intent: 'sign-in'; newPassword?: string } & LoginResponse) | { intent: 'connect'; account: LinkedDiscordAccount };

export interface LinkCodeResponse {
  /** Shown once: only its digest is kept. */
  code: string;
  expiresAt: string;
}

/**
 * Where a server the user manages stands for them: `yours` (verified), `yours-unverified`,
 * `free`, `unverified-claim` (another subscriber's unverified claim: adding it takes it
 * over) or `taken` (another subscriber's verified claim).
 */
export type ManagedServerClaim = 'yours' | 'yours-unverified' | 'free' | 'unverified-claim' | 'taken';

export interface ManagedServerView {
  id: string;
  name: string;
  icon: string | null;
  via: ManagementProof;
  botInServer: boolean;
  inviteUrl: string;
  claim: ManagedServerClaim;
}

export interface ManagementCheckView {
  checkId: string;
  guildId: string;
  status: 'pending' | 'proven' | 'refused';
  requestedAt: string;
}

/** GET /api/user/discord: the linked account, the servers it manages (the Add-server picker), the bot's checks. */
export interface UserDiscordResponse {
  account: LinkedDiscordAccount | null;
  managedServers: ManagedServerView[];
  checks: ManagementCheckView[];
}

export interface LinkCommandResponse {
  /** The panel user the account is linked to. */
  username: string;
  /** true when this run linked the account (false: it was linked already). */
  linked: boolean;
  /** true when the user held this server unverified and now holds it verified. */
  claimVerified: boolean;
}

export interface ManagementCheckStartedResponse {
  checkId: string;
}

export interface ManagementCheckAnsweredResponse {
  manages: boolean;
  /** false when the check had been answered already (nothing appended). */
  changed: boolean;
}

/** A server of a subscriber as the admin's Subscribers screen lists it. */
export interface SubscriberServerView {
  id: string;
  name: string | null;
  verified: boolean;
}

/** What the Subscribers screen adds to each subscriber: their linked account and their servers. */
export interface SubscriberIdentity {
  discord: LinkedDiscordAccount | null;
  servers: SubscriberServerView[];
}

export interface AdminActionResponse {
  success: true;
  message: string;
}

const userIdParam = z.uuid({ error: 'User not found' });
export const checkIdSchema = z.uuid({ error: discordTexts.checkUnknown });

export const discordApi = withSchemas(discordPaths, {
  signInOptions: {
    summary: 'Whether this site offers Sign in with Discord, and whether it creates accounts',
    response: answer<DiscordSignInOptions>(200, 'DiscordSignInOptions'),
  },
  start: {
    summary:
      "Start signing in with Discord (or connecting Discord to the signed-in user): Discord's authorize address with a state bound to this browser by an HttpOnly cookie",
    body: discordStartRequestSchema,
    response: answer<DiscordStartResponse>(200, 'DiscordStartResponse'),
  },
  callback: {
    summary:
      "Finish signing in with Discord: checks the state against this browser's cookie, exchanges the code, reads the account and the servers it manages",
    body: discordCallbackRequestSchema,
    response: answer<DiscordCallbackResponse>(200, 'DiscordCallbackResponse'),
  },
  linkCode: {
    summary: 'A one-time code (10 minutes) for the key bot’s /link command',
    response: answer<LinkCodeResponse>(201, 'LinkCodeResponse'),
    rateLimited: true,
  },
  userDiscord: {
    summary: 'The linked Discord account, the servers it manages and the bot’s role checks',
    response: answer<UserDiscordResponse>(200, 'UserDiscordResponse'),
  },
  verifyServer: {
    summary: "Ask the key bot to read the linked account's roles in a server it is in",
    params: { serverId },
    response: answer<ManagementCheckStartedResponse>(202, 'ManagementCheckStartedResponse'),
    rateLimited: true,
  },
  link: {
    summary: '/link: link a member’s Discord account with a code and prove they manage the server',
    body: linkCommandRequestSchema,
    response: answer<LinkCommandResponse>(200, 'LinkCommandResponse'),
  },
  answerCheck: {
    summary: 'The key bot answers a role check with what it saw of the member',
    params: { checkId: checkIdSchema },
    invalidParams: { notFound: errorCodes.managementCheckUnknown },
    body: managementCheckAnswerSchema,
    response: answer<ManagementCheckAnsweredResponse>(200, 'ManagementCheckAnsweredResponse'),
  },
  unlink: {
    summary: "Unlink a user's Discord account (its proofs no longer count), with a reason",
    params: { id: userIdParam },
    invalidParams: { notFound: errorCodes.userNotFound },
    body: reasonRequestSchema,
    response: answer<AdminActionResponse>(200, 'AdminActionResponse'),
  },
  releaseClaim: {
    summary: "Release a subscriber's claim on a server, with a reason",
    params: { serverId },
    body: reasonRequestSchema,
    response: answer<AdminActionResponse>(200, 'AdminActionResponse'),
  },
});

export { discordTexts };

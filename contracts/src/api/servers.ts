import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { serversPaths } from '../routes/servers.ts';
import { serverTexts } from '../texts/servers.ts';
import type { VipRoleAction, VipRoleProblem } from '../texts/vip-roles.ts';
import { plainText } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';
import { keyBotInviteUrl } from './site.ts';

/** A Discord server id in a path (`/api/server/:id`, `/api/greetings/settings/:serverId`). */
export const serverIdParamSchema = z.string().regex(SNOWFLAKE, serverTexts.badServerId);

/** A server id typed by a subscriber: blank → "Please enter a server ID", then the format. */
const typedServerId = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? serverTexts.enterServerId : serverTexts.badServerId,
  })
  .trim()
  .min(1, serverTexts.enterServerId)
  .regex(SNOWFLAKE, serverTexts.badServerId);

export const addServerRequestSchema = z.object({ guildId: typedServerId });
export type AddServerRequest = z.input<typeof addServerRequestSchema>;

export const updateServerRequestSchema = z.object({ oldId: typedServerId, newId: typedServerId });
export type UpdateServerRequest = z.input<typeof updateServerRequestSchema>;

/** What the key bot reports of a server it is in (POST /api/bot/guilds/:id). */
export const guildReportRequestSchema = z.object({
  name: plainText(
    z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(100, 'name must be at most 100 characters'),
    'name',
  ),
  icon: plainText(
    z.string({ error: 'icon must be a string or null' }).max(256, 'icon must be at most 256 characters'),
    'icon',
  )
    .nullable()
    .default(null),
  memberCount: z
    .number({ error: 'memberCount must be a non-negative integer' })
    .int('memberCount must be a non-negative integer')
    .nonnegative('memberCount must be a non-negative integer'),
  channels: z
    .array(
      z.object({
        id: z.string({ error: 'channel id must be a Discord id' }).regex(SNOWFLAKE, 'channel id must be a Discord id'),
        name: plainText(
          z
            .string({ error: 'channel name is required' })
            .min(1, 'channel name is required')
            .max(100, 'channel name must be at most 100 characters'),
          'channel name',
        ),
      }),
      { error: 'channels must be a list of { id, name }' },
    )
    .max(500, 'at most 500 channels'),
  missingPermissions: z
    .array(plainText(z.string().min(1).max(64), 'a permission name'), {
      error: 'missingPermissions must be a list of names',
    })
    .max(64)
    .default([]),
});
export type GuildReportRequest = z.input<typeof guildReportRequestSchema>;
export type GuildSnapshot = z.output<typeof guildReportRequestSchema>;

export interface GuildReportResponse {
  success: true;
  /** false when the report matched what was already known (nothing appended). */
  changed: boolean;
}

/**
 * GET /api/server/:id (spec §3 "Server info"). `missingPermissions` is added only for the
 * server's owner and admins, whose panel warns about them.
 */
export interface ServerInfoResponse {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
  noAds: boolean;
  /** The sponsor step the key page shows (decisions.md §3): the server's own link or the site's; null for none, always for a premium server. */
  sponsorUrl: string | null;
  missingPermissions?: string[];
  /** Only for the server's owner and admins: an admin suspended it (visitors get a 403 instead). */
  suspension?: { reason: string; suspendedAt: string };
  /** Only for the server's owner and admins: Discord refused the key bot a VIP role change, until one works again. */
  roleProblem?: { action: VipRoleAction; problem: VipRoleProblem; roleId: string | null; since: string };
  /** Only for the server's owner and admins: how far its setup came (the panel's checklist ticks from it). */
  setup?: ServerSetup;
}

/** What the product knows of a server's setup in Discord. */
export interface ServerSetup {
  /** A VIP role was chosen with /setrole (else the bot makes one named VIP at the first redemption). */
  vipRoleChosen: boolean;
  /** A member redeemed a key through the bot's message (/send) at least once. */
  keyRedeemed: boolean;
}

/** The 404 of GET /api/server/:id and /channels when the bot is not in the server. */
export interface BotNotInServerResponse {
  inviteUrl: string;
  message: string;
  error: string;
}

export interface ChannelView {
  id: string;
  name: string;
}

export interface GuildDebugListResponse {
  guilds: { id: string; name: string; memberCount: number }[];
}

export interface ServerStatsResponse {
  totalMembers: number;
  totalServers: number;
}

export interface UserServersResponse {
  servers: string[];
  maxSlots: number;
  /** The servers in `servers` whose claim is not verified yet (decisions.md §9): the panel asks to verify them. */
  unverified: string[];
}

export interface ServerSlotsChangedResponse extends UserServersResponse {
  success: true;
  message: string;
}

/** Add the key bot to a server (its own permissions, bot + commands scopes); the invite page while it has no client id. */
export const botInviteUrl = keyBotInviteUrl;

const id = { id: serverIdParamSchema };
export const serversApi = withSchemas(serversPaths, {
  reportGuild: {
    summary: 'The key bot reports a server it is in (idempotent: an unchanged report appends nothing)',
    params: id,
    body: guildReportRequestSchema,
    response: answer<GuildReportResponse>(200, 'GuildReportResponse'),
  },
  leaveGuild: {
    summary: 'The key bot left a server',
    params: id,
    response: answer<GuildReportResponse>(200, 'GuildReportResponse'),
  },
  debugGuilds: {
    summary:
      'Servers the bot is in, largest first: for admins all of them; for everyone else what the landing page shows (the five largest, none suspended)',
    response: answer<GuildDebugListResponse>(200, 'GuildDebugListResponse'),
  },
  serverStats: {
    summary: 'Servers the bot is in and their members',
    response: answer<ServerStatsResponse>(200, 'ServerStatsResponse'),
  },
  serverInfo: {
    summary: 'Server info for the key page and server cards (404 with inviteUrl when the bot is not in it)',
    params: id,
    response: answer<ServerInfoResponse>(200, 'ServerInfoResponse'),
  },
  serverChannels: {
    summary:
      "The server's text channels, for its verified owner and admins (404 with inviteUrl when the bot is not in it)",
    params: id,
    response: answer<ChannelView[]>(200, 'ChannelView[]'),
  },
  userServers: {
    summary: "The caller's server slots",
    response: answer<UserServersResponse>(200, 'UserServersResponse'),
  },
  addServer: {
    summary: 'Register a server in a free slot (a server belongs to one subscriber)',
    body: addServerRequestSchema,
    response: answer<ServerSlotsChangedResponse>(200, 'ServerSlotsChangedResponse'),
  },
  updateServer: {
    summary: 'Replace a server in a slot by another',
    body: updateServerRequestSchema,
    response: answer<ServerSlotsChangedResponse>(200, 'ServerSlotsChangedResponse'),
  },
});

export { serverTexts };

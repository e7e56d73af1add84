import { PermissionFlagsBits } from 'discord.js';
import { handleDirectMessages } from './direct-messages.ts';
import type { FakeDiscord } from './fake-discord.ts';
import {
  type FakeBot,
  type FakeGuild,
  highestPosition,
  memberPayload,
  messagePayload,
  permissionsOf,
  rolePayload,
  snowflake,
  userPayload,
} from './payloads.ts';

/** One REST call as the fake saw it; `path` is without `/api/v10`. */
export interface RestCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
  /** The calling bot's name (from its token); null for unauthenticated calls (interaction callbacks). */
  bot: string | null;
  /** X-Audit-Log-Reason, when sent. */
  reason: string | undefined;
  at: number;
  /** The status the fake answered (set once answered). */
  status?: number;
}

export interface RestAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const ok = (body?: unknown): RestAnswer => ({ status: body === undefined ? 204 : 200, body });
const error = (status: number, code: number, message: string): RestAnswer => ({ status, body: { code, message } });
const unknownMember = () => error(404, 10007, 'Unknown Member');
const unknownRole = () => error(404, 10011, 'Unknown Role');
const missingPermissions = () => error(403, 50013, 'Missing Permissions');

/** Discord's rule for role changes: Manage Roles, and only roles below the bot's highest. */
function mayManageRole(guild: FakeGuild, bot: FakeBot, roleId: string): boolean {
  const role = guild.roles.get(roleId)!;
  return (
    (permissionsOf(guild, bot.userId) & PermissionFlagsBits.ManageRoles) !== 0n &&
    role.position < highestPosition(guild, bot.userId)
  );
}

/** The REST routes the bots use, with Discord's answers and error codes. */
export function handleRest(fake: FakeDiscord, call: RestCall): RestAnswer {
  const bot = call.bot ? fake.bot(call.bot) : undefined;
  const { method, path } = call;
  let match: RegExpExecArray | null;

  if (method === 'GET' && (path === '/gateway/bot' || path === '/gateway')) {
    return ok({
      url: fake.gatewayUrl,
      shards: fake.shardCount,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    });
  }

  // interaction answers carry the interaction's token, not the bot's
  if ((match = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path)) && method === 'POST') {
    const interaction = fake.interactions.get(match[1]);
    if (!interaction || interaction.token !== match[2]) return error(404, 10062, 'Unknown interaction');
    call.bot = interaction.bot.name;
    return ok(undefined);
  }
  if ((match = /^\/webhooks\/(\d+)\/([^/]+)(\/messages\/@original)?$/.exec(path))) {
    const interaction = [...fake.interactions.values()].find((candidate) => candidate.token === match![2]);
    if (!interaction) return error(404, 10015, 'Unknown Webhook');
    call.bot = interaction.bot.name;
    return ok(messagePayload(snowflake(), '0', undefined, interaction.bot, call.body ?? {}));
  }

  if (!bot) return error(401, 0, '401: Unauthorized');

  if (method === 'GET' && path === '/users/@me') return ok(userPayload(bot.userId, bot.username, true));

  if ((match = /^\/applications\/(\d+)(\/guilds\/(\d+))?\/commands$/.exec(path)) && method === 'PUT') {
    if (match[1] !== bot.applicationId) return error(403, 50001, 'Missing Access');
    return ok(
      (call.body as { name: string }[]).map((command) => ({
        ...command,
        id: snowflake(),
        application_id: bot.applicationId,
        version: snowflake(),
      })),
    );
  }

  const direct = handleDirectMessages(fake, bot, call);
  if (direct) return direct;

  if ((match = /^\/channels\/(\d+)\/messages$/.exec(path)) && method === 'POST') {
    const guild = [...fake.guilds.values()].find((candidate) => candidate.channels.has(match![1]));
    if (!guild) return error(404, 10003, 'Unknown Channel');
    if ((permissionsOf(guild, bot.userId) & PermissionFlagsBits.SendMessages) === 0n) return missingPermissions();
    return ok(messagePayload(snowflake(), match[1], guild.id, bot, call.body ?? {}));
  }

  if ((match = /^\/guilds\/(\d+)\/roles$/.exec(path)) && method === 'POST') {
    const guild = fake.guilds.get(match[1]);
    if (!guild) return error(404, 10004, 'Unknown Guild');
    if ((permissionsOf(guild, bot.userId) & PermissionFlagsBits.ManageRoles) === 0n) return missingPermissions();
    // a new role comes in just above @everyone, pushing the others up
    for (const role of guild.roles.values()) if (role.position >= 1) role.position++;
    const body = call.body as { name?: string; permissions?: string };
    const role = {
      id: snowflake(),
      name: body.name ?? 'new role',
      permissions: BigInt(body.permissions ?? '0'),
      position: 1,
      managed: false,
    };
    guild.roles.set(role.id, role);
    return ok(rolePayload(role));
  }

  if (
    (match = /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/.exec(path)) &&
    (method === 'PUT' || method === 'DELETE')
  ) {
    const guild = fake.guilds.get(match[1]);
    if (!guild) return error(404, 10004, 'Unknown Guild');
    const member = guild.members.get(match[2]);
    if (!member) return unknownMember();
    if (!guild.roles.has(match[3])) return unknownRole();
    if (!mayManageRole(guild, bot, match[3])) return missingPermissions();
    member.roles =
      method === 'PUT'
        ? [...new Set([...member.roles, match[3]])]
        : member.roles.filter((roleId) => roleId !== match![3]);
    return ok(undefined);
  }

  if ((match = /^\/guilds\/(\d+)\/members\/(\d+)$/.exec(path)) && method === 'GET') {
    const member = fake.guilds.get(match[1])?.members.get(match[2]);
    return member ? ok(memberPayload(member)) : unknownMember();
  }

  return error(404, 0, '404: Not Found');
}

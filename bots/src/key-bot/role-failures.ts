import type { VipRoleProblem } from '@vip/contracts';
import { DiscordAPIError, type Guild, RESTJSONErrorCodes, type Role } from 'discord.js';
import { type VipRoles, VipRoleUnavailable } from './vip-roles.ts';

/** Why a VIP role change did not happen, as the bot acts on it. */
export type RoleChangeFailure =
  /** Discord refused it for a reason an admin must fix: said out loud, and tried again. */
  | { kind: 'problem'; problem: VipRoleProblem; roleId: string | null }
  /** The member is not in the server (left): nothing to change until they come back. */
  | { kind: 'not-a-member' }
  /** Discord did not answer (5xx, a rate limit beyond discord.js's own waits, the network): tried again, quietly. */
  | { kind: 'unavailable'; reason: string };

/** One second, doubling on each failure in a row, at most 30 s: a role change is retried in seconds, never forgotten. */
export const retryDelayMs = (failuresInARow: number) => Math.min(30_000, 1_000 * 2 ** Math.max(0, failuresInARow - 1));

/**
 * What an error of a role change means. Missing Permissions (50013) is the bot's permission or
 * the role's place above the bot's: the bot's member is fetched afresh to tell which.
 */
export async function failureOf(
  error: unknown,
  guild: Guild,
  role: Role | null,
  vipRoles: VipRoles,
): Promise<RoleChangeFailure> {
  if (error instanceof VipRoleUnavailable) return { kind: 'problem', ...error.found };
  if (!(error instanceof DiscordAPIError) || error.status >= 500)
    return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  switch (error.code) {
    case RESTJSONErrorCodes.UnknownMember:
      return { kind: 'not-a-member' };
    case RESTJSONErrorCodes.UnknownRole:
      return { kind: 'problem', problem: 'unknown-role', roleId: role?.id ?? null };
    case RESTJSONErrorCodes.MissingPermissions:
    case RESTJSONErrorCodes.MissingAccess: {
      const found = await vipRoles.problemWith(guild, role, true).catch(() => null);
      return { kind: 'problem', ...(found ?? { problem: 'missing-permissions', roleId: role?.id ?? null }) };
    }
    default:
      return { kind: 'unavailable', reason: error.message };
  }
}

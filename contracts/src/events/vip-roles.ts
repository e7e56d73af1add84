import { z } from 'zod';
import { vipRoleProblems } from '../texts/vip-roles.ts';

/** Stream `vip-<guildId>-<discordUserId>`: a member's VIP role window. */
export const vipRoleGrantedSchema = z.object({
  guildId: z.string(),
  discordUserId: z.string(),
  keyDigest: z.string(),
  until: z.string(),
  grantedAt: z.string(),
  /**
   * true when the most a window may last from now (VIP_MAX_HOURS) cut this one short. Absent:
   * not cut (every grant written before the cap existed).
   */
  capped: z.boolean().optional(),
});
/** The window ended and the bot took the role away (or it was gone already). */
export const vipRoleRemovedSchema = z.object({ guildId: z.string(), discordUserId: z.string(), removedAt: z.string() });

/**
 * Stream `vip-role-problems-<guildId>`: what stopped the key bot from giving or taking back a
 * server's VIP role, and that it works again. Each refused grant (or removal) of a member is
 * one VipRoleFailed (not each retry of it); the next change Discord accepts there, or a report
 * that finds the bot able to manage the role, is a VipRoleFixed. `failureId` is the bot's, so a
 * report repeated after a lost answer is recorded once.
 */
export const vipRoleFailedSchema = z.object({
  guildId: z.string(),
  discordUserId: z.string(),
  action: z.enum(['grant', 'remove']),
  problem: z.enum(vipRoleProblems),
  /** The VIP role the bot tried; null when there was none to try (it could not create one). */
  roleId: z.string().nullable(),
  failureId: z.string(),
  failedAt: z.string(),
});
export const vipRoleFixedSchema = z.object({ guildId: z.string(), fixedAt: z.string() });

import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { errorTexts } from '../error-texts.ts';
import { vipRolesPaths } from '../routes/vip-roles.ts';
import { keyTexts } from '../texts/keys.ts';
import { vipRoleProblems } from '../texts/vip-roles.ts';
import { answer, withSchemas } from './route-spec.ts';
import { serverIdParamSchema } from './servers.ts';

/** The server and member of a redemption, refused in the key texts' words. */
const memberId = z
  .string({ error: errorTexts.fillAllFields })
  .trim()
  .min(1, errorTexts.fillAllFields)
  .regex(SNOWFLAKE, keyTexts.invalidDiscordId);
/** The member and role of a VIP role problem report. */
const discordId = z.string({ error: 'Must be a Discord id' }).regex(SNOWFLAKE, 'Must be a Discord id');

export const redeemKeyRequestSchema = z.object({
  guildId: memberId,
  discordUserId: memberId,
  key: z
    .string({ error: errorTexts.fillAllFields })
    .trim()
    .min(1, errorTexts.fillAllFields)
    .max(200, keyTexts.unknownKey),
});
/**
 * `until`: the end of the window whose role the bot took away. A key redeemed meanwhile (the
 * window moved on, or a new one opened) keeps the window open: the answer says until when.
 */
export const vipRoleRemovedRequestSchema = z.object({
  guildId: memberId,
  discordUserId: memberId,
  until: z.iso.datetime({ error: 'until must be an ISO date and time' }).optional(),
});

export const vipRoleFailedRequestSchema = z.object({
  discordUserId: discordId,
  action: z.enum(['grant', 'remove'], { error: 'action must be grant or remove' }),
  problem: z.enum(vipRoleProblems, { error: `problem must be one of ${vipRoleProblems.join(', ')}` }),
  roleId: discordId.nullable(),
  failureId: z.uuid({ error: 'failureId must be a uuid' }),
});
export type VipRoleFailedRequest = z.input<typeof vipRoleFailedRequestSchema>;

export interface RedeemKeyResponse {
  success: true;
  guildId: string;
  discordUserId: string;
  /**
   * End of the member's VIP window: the open window's end (or now, when none is open) plus the
   * VIP role minutes, but no further than VIP_MAX_HOURS from now.
   */
  until: string;
  /** true when the member already had an open window that this key prolonged. */
  extended: boolean;
  /** true when the cap (VIP_MAX_HOURS from now) cut the window short: the key added less than its minutes. */
  capped: boolean;
}

export interface VipRoleRemovedResponse {
  success: true;
  guildId: string;
  discordUserId: string;
  /** false when there was no open window to close (a repeated report), or it is still open. */
  removed: boolean;
  /**
   * The window is still open until then: a key was redeemed after the end the bot removed the
   * role for, so the bot gives the role back. null when no window is open.
   */
  openUntil: string | null;
}

/** The failure (or the fix) was recorded; `changed` false: it was recorded already (a repeated call). */
export interface VipRoleProblemResponse {
  success: true;
  changed: boolean;
}

const guild = { id: serverIdParamSchema };
export const vipRolesApi = withSchemas(vipRolesPaths, {
  redeemKey: {
    summary: "Redeem a key for a member: opens or prolongs the member's VIP window",
    body: redeemKeyRequestSchema,
    response: answer<RedeemKeyResponse>(200, 'RedeemKeyResponse'),
  },
  roleRemoved: {
    summary: "The key bot took a member's VIP role away (idempotent)",
    body: vipRoleRemovedRequestSchema,
    response: answer<VipRoleRemovedResponse>(200, 'VipRoleRemovedResponse'),
  },
  failed: {
    summary: 'The key bot says Discord refused it a VIP role change (the panel shows it until fixed)',
    params: guild,
    body: vipRoleFailedRequestSchema,
    response: answer<VipRoleProblemResponse>(200, 'VipRoleProblemResponse'),
  },
  fixed: {
    summary: 'The key bot changed a VIP role again after a refusal (changed false when no problem was open)',
    params: guild,
    response: answer<VipRoleProblemResponse>(200, 'VipRoleProblemResponse'),
  },
});

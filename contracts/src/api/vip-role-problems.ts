import { z } from 'zod';
import { vipRoleProblems } from '../texts/vip-roles.ts';
import { vipRoleProblemsPaths } from '../routes/vip-role-problems.ts';
import { withSchemas } from './route-spec.ts';
import { serverIdParamSchema } from './servers.ts';

const discordId = z.string({ error: 'Must be a Discord id' }).regex(/^\d{17,20}$/, 'Must be a Discord id');

export const vipRoleFailedRequestSchema = z.object({
  discordUserId: discordId,
  action: z.enum(['grant', 'remove'], { error: 'action must be grant or remove' }),
  problem: z.enum(vipRoleProblems, { error: `problem must be one of ${vipRoleProblems.join(', ')}` }),
  roleId: discordId.nullable(),
  failureId: z.uuid({ error: 'failureId must be a uuid' }),
});
export type VipRoleFailedRequest = z.input<typeof vipRoleFailedRequestSchema>;

/** The failure (or the fix) was recorded; `changed` false: it was recorded already (a repeated call). */
export interface VipRoleProblemResponse {
  success: true;
  changed: boolean;
}

const guild = { id: serverIdParamSchema };
export const vipRoleProblemsApi = withSchemas(vipRoleProblemsPaths, {
  failed: {
    summary: 'The key bot says Discord refused it a VIP role change (the panel shows it until fixed)',
    params: guild,
    body: vipRoleFailedRequestSchema,
    response: { status: 200, description: 'VipRoleProblemResponse' },
  },
  fixed: {
    summary: 'The key bot changed a VIP role again after a refusal (changed false when no problem was open)',
    params: guild,
    response: { status: 200, description: 'VipRoleProblemResponse' },
  },
});

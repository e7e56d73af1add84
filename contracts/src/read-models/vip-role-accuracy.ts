import type { VipRoleAction, VipRoleProblem } from '../texts/vip-roles.ts';

/** The projection of how well the key bot gives and takes VIP roles (issue #21 item 4). */
export const vipRoleAccuracyProjection = 'vip-role-accuracy';

export const vipRoleAccuracyReadModels = {
  /** One per server with an open problem (the panel's server card), gone once fixed. */
  problems: 'vip_role_problems',
  /** One per UTC day: refused grants, removals, and removals made late. */
  daily: 'vip_role_accuracy_daily',
  /** One per open VIP window (`<guildId>-<discordUserId>`): its end, to tell a late removal; gone at removal. */
  windows: 'vip_role_accuracy_windows',
} as const;

export interface VipRoleProblemDocument {
  _id: string; // guildId
  action: VipRoleAction;
  problem: VipRoleProblem;
  roleId: string | null;
  discordUserId: string;
  /** When the first refusal of this problem was recorded. */
  since: string;
  lastPosition: number;
}

export interface VipRoleAccuracyDayDocument {
  _id: string; // YYYY-MM-DD (UTC)
  /** Grants Discord refused (each member's grant once, not each retry). */
  grantsFailed: number;
  removals: number;
  /** Removals recorded more than vipRoleTexts.lateRemovalSeconds after the window's end. */
  removalsLate: number;
  lastPosition: number;
}

export interface VipRoleAccuracyWindowDocument {
  _id: string;
  until: string;
}

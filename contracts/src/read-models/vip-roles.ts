import type { VipRoleAction, VipRoleProblem } from '../texts/vip-roles.ts';

/** Read model of the members' VIP role windows. */
export const vipRoleReadModels = {
  /** One per member and server (`<guildId>-<discordUserId>`): the member's VIP window. */
  vipRoles: 'vip_roles',
} as const;

/** The projection of how well the key bot gives and takes VIP roles (issue #21 item 4). */
export const vipRoleAccuracyProjection = 'vip-role-accuracy';

/** The projection (checkpoint) names of this area, for read-your-writes waits. */
export const vipRoleProjections = {
  vipRoles: 'vip-roles',
  vipRoleAccuracy: vipRoleAccuracyProjection,
} as const;

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

export interface VipRoleDocument {
  _id: string; // `${guildId}-${discordUserId}`
  guildId: string;
  discordUserId: string;
  /** End of the latest window; the role is active while now < until and removedAt is null. */
  until: string;
  grantedAt: string;
  /** Digest of the key whose redemption last opened or prolonged the window. */
  keyDigest: string;
  /** Set when the bot reported it took the role away; a later grant clears it. */
  removedAt: string | null;
  /** Keys redeemed into this window over time. */
  grants: number;
  /** Position of the last event applied: a redelivered grant is not counted twice. */
  lastPosition: number;
}

export const vipRoleId = (guildId: string, discordUserId: string) => `${guildId}-${discordUserId}`;

/** A VIP role is active at `now` while its window is open and the bot has not removed it. */
export function isVipRoleActive(doc: Pick<VipRoleDocument, 'until' | 'removedAt'> | null, now: Date): boolean {
  return !!doc && doc.removedAt === null && new Date(doc.until).getTime() > now.getTime();
}

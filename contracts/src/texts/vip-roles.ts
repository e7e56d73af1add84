/**
 * Why Discord refused the key bot a VIP role change, in the product's words: the key bot's
 * log-channel line and the panel's server card both say what to fix with these.
 */
export const vipRoleProblems = ['missing-permissions', 'role-above-bot', 'role-managed', 'unknown-role'] as const;
export type VipRoleProblem = (typeof vipRoleProblems)[number];

/** What the bot tried: give a member the VIP role, or take it back. */
export type VipRoleAction = 'grant' | 'remove';

/** What a server admin must do, per problem, in plain words (`role` names the VIP role, as a mention or a name). */
export const vipRoleFixes: Record<VipRoleProblem, (role: string) => string> = {
  'missing-permissions': () =>
    'give the key bot the Manage Roles permission (Server Settings → Roles → the bot’s role)',
  'role-above-bot': (role) =>
    `move the key bot’s role above ${role} (Server Settings → Roles, drag the bot’s role higher)`,
  'role-managed': (role) => `${role} belongs to an integration and cannot be given: choose another role with /setrole`,
  'unknown-role': (role) => `${role} no longer exists: choose the VIP role again with /setrole`,
};

export const vipRoleTexts = {
  /** The server card, until a later grant or removal works. */
  cardProblem: (action: VipRoleAction, fix: string) =>
    `The key bot could not ${action === 'grant' ? 'give' : 'take back'} the VIP role here. To fix it, ${fix}.`,
  /** A removal that is late (made this long after the window's end) counts as late in the statistics. */
  lateRemovalSeconds: 30,
} as const;

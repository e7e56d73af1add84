import { auditProjection } from './read-models/audit.ts';
import { keyProjections } from './read-models/keys.ts';
import { vipRoleProjections } from './read-models/vip-roles.ts';

/**
 * The projections by name: the name each keeps its checkpoint under, which a command waits on
 * for read-your-writes (the pipeline's `readYourWrites`). Never spelled as a literal elsewhere.
 */
export const projections = {
  users: 'users',
  sessions: 'sessions',
  announcements: 'announcements',
  guilds: 'guilds',
  serverOwners: 'server-owners',
  userServers: 'user-servers',
  discordAccounts: 'discord-accounts',
  greetings: 'greetings',
  ...keyProjections,
  vipRoles: vipRoleProjections.vipRoles,
  subscriptions: 'subscriptions',
  whitelist: 'whitelist',
  stats: 'stats',
  revenue: 'revenue',
  billingAttention: 'billing-attention',
  botSettings: 'bot-settings',
  videoPosts: 'video-posts',
  suspensions: 'suspensions',
  verificationMessages: 'verification-messages',
  serverAnalytics: 'server-analytics',
  serverSponsors: 'server-sponsors',
  vipRoleAccuracy: vipRoleProjections.vipRoleAccuracy,
  audit: auditProjection,
} as const;

export type ProjectionName = (typeof projections)[keyof typeof projections];

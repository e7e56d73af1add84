/**
 * The product's business constants (spec §9, decisions.md §7). Every service and the
 * frontend read these defaults from here; environment variables may override the
 * server-side ones (see platform/src/config.ts).
 */
export const configDefaults = {
  /** A generated key can be redeemed for this long. */
  keyLifetimeHours: 24,
  /** How long a redeemed key's VIP role lasts. */
  vipRoleMinutes: 60,
  /** Servers a subscriber may register unless their plan says otherwise. */
  defaultServerSlots: 3,
  /** A one-time access hash link stays valid this long. */
  accessHashLifetimeMinutes: 30,
  greetingDelaySeconds: { min: 1, max: 3, default: 3 },
  greetingDefaultMessage: 'Welcome {user} to {server.name}! You are our {membercount}th member!',
  autoPingHours: { min: 1, max: 12 },
  statsRefreshSeconds: 30,
  /** How long a signed-in session lasts before the token expires. */
  sessionHours: 24 * 7,
  toasts: {
    successMs: 2000,
    errorMs: 4000,
    max: 20,
    copySuccessMs: 3000,
    fadeMs: 300,
    announcementHighMs: 6000,
    announcementOtherMs: 4000,
  },
  priorities: ['low', 'medium', 'high'] as const,
  defaultPriority: 'medium' as const,
  topGuildsInStrip: 5,
} as const;

export type Priority = (typeof configDefaults.priorities)[number];

/** Longest reason an admin may give for a suspension. */
export const SUSPENSION_REASON_MAX = 500;

/** What admins, owners, visitors and members read about a suspended server (spec §2 "403 Restricted"). */
export const suspensionTexts = {
  /** The key page's Restricted screen, generateKey, redemption and the key bot all say this. */
  restricted: 'This server has been suspended. Contact support if you think this is a mistake.',
  reasonRequired: 'Please give a reason for the suspension',
  reasonLength: `The reason must be at most ${SUSPENSION_REASON_MAX} characters`,
  alreadySuspended: 'This server is already suspended',
  notSuspended: 'This server is not suspended',
  suspended: 'Server suspended',
  lifted: 'Suspension lifted',
  failedToSuspend: 'Failed to suspend the server',
  failedToLift: 'Failed to lift the suspension',
  failedToLoad: 'Failed to load suspended servers',
  empty: 'No suspended servers',
} as const;

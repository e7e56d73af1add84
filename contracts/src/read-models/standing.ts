/**
 * Read models of what an admin or a plan decides about a server: suspensions, the owner's
 * verification message, and the per-server figures behind the owner's analytics.
 */
export const standingReadModels = {
  /** One per suspended server; deleted when the suspension is lifted. */
  suspensions: 'suspensions',
  /** One per server with a custom verification message; deleted on a reset. */
  verificationMessages: 'verification_messages',
  /** One per server and UTC day with anything counted: keys generated and redeemed, visits. */
  serverDaily: 'server_daily_stats',
} as const;

export interface SuspensionDocument {
  _id: string; // guildId
  reason: string;
  suspendedAt: string;
}

export interface VerificationMessageDocument {
  _id: string; // guildId
  title: string;
  description: string;
  buttonLabel: string;
  /** #rrggbb */
  color: string;
  configuredAt: string;
}

export interface ServerDailyDocument {
  _id: string; // serverDailyId(guildId, day)
  guildId: string;
  day: string; // YYYY-MM-DD (UTC)
  keysGenerated: number;
  keysRedeemed: number;
  visits: number;
  /** Log position of the last event counted here: a redelivered event is not counted twice. */
  lastPosition: number;
}

export const serverDailyId = (guildId: string, day: string) => `${guildId}:${day}`;

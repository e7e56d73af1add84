/** Read models behind the statistics (decisions.md §2: every figure comes from events). */
export const statsReadModels = {
  /** One per UTC day: keys generated and redeemed, visits. */
  daily: 'stats_daily',
  /** One per member: the end of their current VIP window. */
  vipWindows: 'stats_vip_windows',
} as const;

export interface DailyStatsDocument {
  _id: string; // YYYY-MM-DD (UTC)
  keysGenerated: number;
  keysRedeemed: number;
  visits: number;
  /** Log position of the last event counted here: a redelivered event is not counted twice. */
  lastPosition: number;
}

export interface VipWindowDocument {
  _id: string; // guildId-discordUserId
  guildId: string;
  until: string;
}

/** The UTC calendar day of an ISO timestamp. */
export const utcDay = (iso: string): string => iso.slice(0, 10);

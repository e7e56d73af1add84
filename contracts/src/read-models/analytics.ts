/** Read model of the per-server figures behind the owner's analytics. */
export const analyticsReadModels = {
  /** One per server and UTC day with anything counted: keys generated and redeemed, visits. */
  serverDaily: 'server_daily_stats',
} as const;

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

/** Read model of the servers' greetings. */
export const greetingReadModels = {
  greetings: 'greetings',
} as const;

/** One per server with a greeting; removed with the greeting. */
export interface GreetingDocument {
  _id: string; // guildId
  enabled: boolean;
  channelId: string | null;
  delay: number;
  message: string;
  configuredAt: string;
}

/** Read models of servers (guilds), their owners and greetings. */
export const serverReadModels = {
  guilds: 'guilds',
  /** One per claimed server: which subscriber owns it. */
  serverOwners: 'server_owners',
  greetings: 'greetings',
} as const;

export interface ServerOwnerDocument {
  _id: string; // guildId
  userId: string;
  claimedAt: string;
}

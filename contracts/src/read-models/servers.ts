/** Read models of servers (guilds), their owners and the servers in each subscriber's slots. */
export const serverReadModels = {
  guilds: 'guilds',
  /** One per claimed server: which subscriber owns it. */
  serverOwners: 'server_owners',
  /** One per subscriber: the servers in their slots, in the order they were added. */
  userServers: 'user_servers',
} as const;

/**
 * One per server the key bot has ever reported. Kept after the bot leaves (botPresent
 * false) so that a subscriber's greeting list can still name the server; every public read
 * filters on botPresent.
 */
export interface GuildDocument {
  _id: string; // guildId
  botPresent: boolean;
  name: string;
  icon: string | null;
  memberCount: number;
  channels: { id: string; name: string }[];
  /** Permissions the bot lacks there; the panel warns about them. */
  missingPermissions: string[];
  reportedAt: string;
  leftAt: string | null;
}

export interface ServerOwnerDocument {
  _id: string; // guildId
  userId: string;
  claimedAt: string;
  /**
   * The Discord account that proved the owner manages the server; null for a claim made
   * before proof existed (unverified: the bot ignores its settings, a manager may take it over).
   */
  discordUserId: string | null;
}

/** A claim backed by proof of management (decisions.md §9); claims from before proof existed are not. */
export const isVerifiedClaim = (claim: Pick<ServerOwnerDocument, 'discordUserId'>): boolean =>
  Boolean(claim.discordUserId);

export interface UserServersDocument {
  _id: string; // userId
  servers: string[];
  updatedAt: string;
  /** Log position of the last event applied: a redelivered event is not applied twice. */
  lastPosition: number;
}

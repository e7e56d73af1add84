import type { ManagementProof } from '../events/discord.ts';

/** Read models of linked Discord accounts, the servers they manage and the bot's role checks. */
export const discordReadModels = {
  /** One per panel user with a linked Discord account (`_id`: userId); deleted when it is unlinked. */
  discordAccounts: 'discord_accounts',
  /** One per role check the panel asked the key bot for (`_id`: checkId). */
  managementChecks: 'management_checks',
} as const;

export interface ManagedServer {
  guildId: string;
  name: string;
  icon: string | null;
  via: ManagementProof;
  provenAt: string;
}

export interface DiscordAccountDocument {
  _id: string; // userId
  discordUserId: string;
  username: string;
  /** Discord's avatar hash, or null. */
  avatar: string | null;
  linkedAt: string;
  /** The servers the account was last seen managing, in the order they were proven. */
  managed: ManagedServer[];
}

export interface ManagementCheckDocument {
  _id: string; // checkId
  userId: string;
  guildId: string;
  status: 'pending' | 'proven' | 'refused';
  requestedAt: string;
  answeredAt: string | null;
}

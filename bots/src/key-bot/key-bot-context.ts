import type { Logger } from '@vip/platform';
import type { Client, GuildMember, PartialGuildMember } from 'discord.js';
import type { BotsConfig } from '../config.ts';
import type { BotPart } from '../shared/bot-part.ts';
import type { EventFeed } from '../shared/event-feed.ts';
import type { ProductApi } from '../shared/product-api.ts';
import type { KeyBotState } from './key-bot-state.ts';
import type { RoleProblems } from './role-problems.ts';
import type { ServerLog } from './server-log.ts';
import type { ServerStandings } from './server-standing.ts';
import type { VerificationMessages } from './verification-messages.ts';
import type { VerifiedOwners } from './verified-owners.ts';
import type { VipRoleGrants } from './vip-role-grants.ts';
import type { VipRoles } from './vip-roles.ts';
import type { WhitelistRoles } from './whitelist-roles.ts';

/** What the key bot folds from the log before it connects (its snapshot keeps these). */
export interface KeyBotFolds {
  state: KeyBotState;
  /** Which servers have an owner who proved they manage them (decisions.md §9). */
  verifiedOwners: VerifiedOwners;
  /** Who holds each server, their plan, suspensions: whether the bot acts on a server's settings. */
  standings: ServerStandings;
  /** The owners' own key-verification messages (/send). */
  verificationMessages: VerificationMessages;
  /** Standing VIP from the admin's whitelist. */
  whitelistRoles: WhitelistRoles;
  /** The one way a window's role is given (a redemption, a rejoin, a retry). */
  vipRoleGrants: VipRoleGrants;
  /** What Discord refused, said out loud until a change works again. */
  roleProblems: RoleProblems;
}

/** What the key bot's commands and parts share once it is connected to Discord. */
export interface KeyBotContext extends KeyBotFolds {
  /** The connected client (a fallback login without the members intent makes a new one, and a new context). */
  client: Client;
  config: BotsConfig;
  api: ProductApi;
  /** The log as the bot reads it; after recording a setting, wait until the feed passed it. */
  feed: EventFeed;
  log: ServerLog;
  vipRoles: VipRoles;
  logger: Logger;
  /** false when Discord refused the Server Members intent: no greetings, no member events. */
  membersIntent: boolean;
  /** The VIP window length as members read it ("60 minutes"). */
  vipWindowText: string;
}

/**
 * What one part uses of the connected bot: each part names the members it needs and sees
 * only those, so a part's collaborators are read off its file.
 */
export type KeyBotNeeds<Used extends keyof KeyBotContext> = Pick<KeyBotContext, Used>;

/**
 * One piece of the key bot, run from its list of parts (key-bot.ts): members joining and
 * leaving reach every part that listens for them, from that same list.
 */
export interface KeyBotPart extends BotPart<KeyBotContext> {
  memberJoined?(member: GuildMember): void;
  memberLeft?(member: GuildMember | PartialGuildMember): void;
}

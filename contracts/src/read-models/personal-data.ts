import { auditReadModels } from './audit.ts';
import { botReadModels } from './bot-settings.ts';
import { discordReadModels } from './discord.ts';
import { keyReadModels } from './keys.ts';
import { serverReadModels } from './servers.ts';
import { statsReadModels } from './stats.ts';
import { subscriptionReadModels } from './subscriptions.ts';
import { vipRoleAccuracyReadModels, vipRoleReadModels } from './vip-roles.ts';
import { whitelistReadModels } from './whitelist.ts';

/**
 * Where the read models hold a Discord member, and how an erasure takes them out. A read model
 * only mirrors the log, so this is no new fact: once the member's key is destroyed, a rebuild
 * would read "erased person" there anyway; the erasure does now what a rebuild would.
 * - `delete`: the member's own documents (their VIP window, their whitelist entry).
 * - `delete-per-server`: documents named `<guildId>-<discordUserId>`, for each server the
 *   member was known on.
 * - `replace`: a fact about something else (a key, a server's claim) that names the member:
 *   it stays, naming an erased person.
 * - `pull`: a list of ids the member is in (the audit trail's index).
 */
export type MemberInReadModel =
  | { collection: string; how: 'delete' | 'replace' | 'pull'; field: string }
  | { collection: string; how: 'delete-per-server' };

export const memberInReadModels: readonly MemberInReadModel[] = [
  { collection: vipRoleReadModels.vipRoles, how: 'delete', field: 'discordUserId' },
  { collection: whitelistReadModels.whitelist, how: 'delete', field: 'userId' },
  { collection: discordReadModels.discordAccounts, how: 'delete', field: 'discordUserId' },
  { collection: vipRoleAccuracyReadModels.windows, how: 'delete-per-server' },
  { collection: statsReadModels.vipWindows, how: 'delete-per-server' },
  { collection: auditReadModels.openGrants, how: 'delete-per-server' },
  { collection: vipRoleAccuracyReadModels.problems, how: 'replace', field: 'discordUserId' },
  { collection: keyReadModels.keys, how: 'replace', field: 'redeemedBy' },
  { collection: serverReadModels.serverOwners, how: 'replace', field: 'discordUserId' },
  { collection: subscriptionReadModels.subscriptions, how: 'replace', field: 'discordUserId' },
  { collection: botReadModels.videoPosts, how: 'replace', field: 'scheduledBy' },
  { collection: auditReadModels.audit, how: 'pull', field: 'userIds' },
];

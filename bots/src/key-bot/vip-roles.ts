import {
  DiscordAPIError,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  type Guild,
  type GuildMember,
  type Role,
} from 'discord.js';
import { keyBotTexts } from './texts.ts';
import type { KeyBotState } from './key-bot-state.ts';
import type { ServerLog } from './server-log.ts';

export const DEFAULT_VIP_ROLE_NAME = 'VIP';

/** Why the bot cannot give (or take) a server's VIP role, as the member is told. */
export class VipRoleUnavailable extends Error {
  readonly name = 'VipRoleUnavailable';
}

/** The bot's own member with its roles (a partial one, from the GuildMember partial, knows none). */
export async function botMember(guild: Guild): Promise<GuildMember> {
  const cached = guild.members.me;
  return cached && !cached.partial ? cached : await guild.members.fetchMe();
}

/**
 * The role a redeemed key gives: the one chosen with /setrole, else the one named "VIP",
 * which the bot creates when the server has none.
 */
export class VipRoles {
  constructor(
    private readonly state: KeyBotState,
    private readonly log: ServerLog,
  ) {}

  find(guild: Guild): Role | null {
    const chosen = this.state.vipRoleIds.get(guild.id);
    const chosenRole = chosen ? guild.roles.cache.get(chosen) : undefined;
    return chosenRole ?? guild.roles.cache.find((role) => role.name === DEFAULT_VIP_ROLE_NAME && !role.managed) ?? null;
  }

  /** What stops the bot from managing this role, as a member-facing text; null when nothing. */
  async problemWith(guild: Guild, role: Role | null): Promise<string | null> {
    const bot = await botMember(guild);
    if (!bot.permissions.has(PermissionFlagsBits.ManageRoles)) return keyBotTexts.missingManageRoles;
    if (!role) return null;
    if (role.managed) return keyBotTexts.roleManaged(role.id);
    if (role.comparePositionTo(bot.roles.highest) >= 0) return keyBotTexts.roleAboveBot(role.id);
    return null;
  }

  /** The VIP role, ready to be given; throws VipRoleUnavailable with the member-facing reason. */
  async ensure(guild: Guild): Promise<Role> {
    const found = this.find(guild);
    const problem = await this.problemWith(guild, found);
    if (problem) throw new VipRoleUnavailable(problem);
    if (found) return found;
    const created = await guild.roles.create({
      name: DEFAULT_VIP_ROLE_NAME,
      reason: 'VIP role for redeemed keys',
      mentionable: false,
    });
    await this.log.post(guild.id, keyBotTexts.logRoleCreated(created.id), { roleId: created.id });
    return created;
  }

  async grant(guild: Guild, userId: string, role: Role): Promise<void> {
    await guild.members.addRole({ user: userId, role: role.id, reason: 'VIP key redeemed' });
  }

  /**
   * Takes the role back; a member who left or a role that was deleted count as done.
   * Returns the role removed, or null when there was nothing to remove.
   */
  async remove(guild: Guild, userId: string): Promise<Role | null> {
    const role = this.find(guild);
    if (!role) return null;
    try {
      await guild.members.removeRole({ user: userId, role: role.id, reason: 'VIP window ended' });
      return role;
    } catch (error) {
      if (
        error instanceof DiscordAPIError &&
        (error.code === RESTJSONErrorCodes.UnknownMember || error.code === RESTJSONErrorCodes.UnknownRole)
      )
        return null;
      throw error;
    }
  }
}

import type { VipRoleProblem } from '@vip/contracts';
import {
  DiscordAPIError,
  type Guild,
  type GuildMember,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  type Role,
} from 'discord.js';
import type { KeyBotState } from './key-bot-state.ts';
import type { ServerLog } from './server-log.ts';
import { keyBotTexts } from './texts.ts';

export const DEFAULT_VIP_ROLE_NAME = 'VIP';

/** What stops the bot from managing a server's VIP role, and which role (null: none to name). */
export interface RoleProblemFound {
  problem: VipRoleProblem;
  roleId: string | null;
}

/** Why the bot cannot give (or take) a server's VIP role; the message is what the member is told. */
export class VipRoleUnavailable extends Error {
  readonly name = 'VipRoleUnavailable';
  constructor(readonly found: RoleProblemFound) {
    super(keyBotTexts.problemForMember[found.problem](found.roleId ?? ''));
  }
}

/** The bot's own member with its roles (a partial one, from the GuildMember partial, knows none). */
export async function botMember(guild: Guild, fresh = false): Promise<GuildMember> {
  const cached = guild.members.me;
  return cached && !cached.partial && !fresh ? cached : await guild.members.fetchMe({ force: fresh });
}

/**
 * The role a redeemed key gives: the one chosen with /setrole, else the one named "VIP",
 * which the bot creates when the server has none (once, however many redemptions ask at once).
 */
export class VipRoles {
  /** A role being created, per server: a second redemption meanwhile waits for it instead of making another. */
  private readonly creating = new Map<string, Promise<Role>>();

  constructor(
    private readonly state: KeyBotState,
    private readonly log: ServerLog,
  ) {}

  find(guild: Guild): Role | null {
    const chosen = this.state.vipRoleIds.get(guild.id);
    const chosenRole = chosen ? guild.roles.cache.get(chosen) : undefined;
    return chosenRole ?? guild.roles.cache.find((role) => role.name === DEFAULT_VIP_ROLE_NAME && !role.managed) ?? null;
  }

  /** What stops the bot from managing this role (from what Discord last told it, or afresh); null when nothing. */
  async problemWith(guild: Guild, role: Role | null, fresh = false): Promise<RoleProblemFound | null> {
    const bot = await botMember(guild, fresh);
    const roleId = role?.id ?? null;
    if (!bot.permissions.has(PermissionFlagsBits.ManageRoles)) return { problem: 'missing-permissions', roleId };
    if (!role) return null;
    if (role.managed) return { problem: 'role-managed', roleId };
    if (role.comparePositionTo(bot.roles.highest) >= 0) return { problem: 'role-above-bot', roleId };
    return null;
  }

  /** The VIP role, ready to be given; throws VipRoleUnavailable with the member-facing reason. */
  async ensure(guild: Guild): Promise<Role> {
    const found = this.find(guild);
    const problem = await this.problemWith(guild, found);
    if (problem) throw new VipRoleUnavailable(problem);
    if (found) return found;
    let creating = this.creating.get(guild.id);
    if (!creating) {
      creating = this.create(guild).finally(() => this.creating.delete(guild.id));
      this.creating.set(guild.id, creating);
    }
    return creating;
  }

  private async create(guild: Guild): Promise<Role> {
    const created = await guild.roles.create({
      name: DEFAULT_VIP_ROLE_NAME,
      reason: 'VIP role for redeemed keys',
      mentionable: false,
    });
    await this.log.post(guild.id, keyBotTexts.logRoleCreated(created.id), { roleId: created.id });
    return created;
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

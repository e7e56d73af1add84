import { SNOWFLAKE } from '../discord-id.ts';
import { sitePaths } from '../routes/site.ts';
import type { SiteSettings } from '../site-settings.ts';
import { answer, withSchemas } from './route-spec.ts';

/**
 * The Discord permissions each bot asks for when it is added to a server, as the bit set
 * Discord's authorize page takes (developer docs, "Permissions"): what the bot's code uses,
 * never Administrator. A bots test checks these against the flags the bots check at run time.
 */
export const discordPermissionBits = {
  ViewChannel: 1 << 10,
  SendMessages: 1 << 11,
  EmbedLinks: 1 << 14,
  MentionEveryone: 1 << 17,
  ManageRoles: 1 << 28,
} as const;
export type DiscordPermissionName = keyof typeof discordPermissionBits;

export const botPermissions = {
  /**
   * The key bot: sees and posts in channels (the /send embed with its button, greetings, the
   * redemption log, auto pings), mentions @here or a role in an auto ping, and gives and takes
   * the VIP role.
   */
  keyBot: ['ViewChannel', 'SendMessages', 'EmbedLinks', 'MentionEveryone', 'ManageRoles'],
  /** The poster bot: sees channels and posts embeds with a link button. */
  posterBot: ['ViewChannel', 'SendMessages', 'EmbedLinks'],
} as const satisfies Record<string, readonly DiscordPermissionName[]>;

/** The bit set of some permissions, in decimal as Discord's `permissions=` parameter takes it. */
export function permissionBits(names: readonly DiscordPermissionName[]): string {
  return String(names.reduce((bits, name) => bits | discordPermissionBits[name], 0));
}

/** A Discord application id, or undefined when it is missing or cannot be one. */
export function discordClientIdOf(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && SNOWFLAKE.test(trimmed) ? trimmed : undefined;
}

/**
 * Discord's add-a-bot address: the bot and application-commands scopes with the bot's own
 * permissions. With a server id, Discord preselects that server (Bot not in server → Invite Bot).
 */
export function botInviteUrlFor(
  clientId: string,
  permissions: readonly DiscordPermissionName[],
  guildId?: string,
): string {
  const base = `https://discord.com/oauth2/authorize?client_id=${encodeURIComponent(clientId)}&permissions=${permissionBits(permissions)}&scope=bot%20applications.commands`;
  return guildId && SNOWFLAKE.test(guildId) ? `${base}&guild_id=${guildId}&disable_guild_select=true` : base;
}

/** The key bot's invite, or the site's invite page while no application id is configured. */
export function keyBotInviteUrl(clientId: string | undefined, guildId?: string): string {
  const id = discordClientIdOf(clientId);
  return id ? botInviteUrlFor(id, botPermissions.keyBot, guildId) : '/invite';
}

export * from '../site-settings.ts';

export const siteApi = withSchemas(sitePaths, {
  settings: {
    summary:
      "The site's run-time settings: both bots' client ids and invite links, support address, durations, limits, plans and prices (no secrets)",
    response: answer<SiteSettings>(200, 'SiteSettings'),
  },
});

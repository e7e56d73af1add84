import { PermissionFlagsBits } from 'discord.js';

/**
 * The fake Discord's world (servers, roles, channels, members, bots) and how it looks on the
 * wire: the JSON shapes Discord's API v10 sends, with the fields discord.js reads.
 */
export interface FakeBot {
  /** Which bot, in tests' words ('key', 'poster'). */
  name: string;
  token: string;
  applicationId: string;
  userId: string;
  username: string;
  /** Discord refuses the Server Members intent to this bot (close code 4014). */
  membersIntentDisallowed?: boolean;
}

export interface FakeRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  botId?: string;
}

export interface FakeChannel {
  id: string;
  name: string;
  type: number;
  position: number;
}

export interface FakeMember {
  userId: string;
  username: string;
  bot: boolean;
  roles: string[];
  joinedAt: string;
}

export interface FakeGuild {
  id: string;
  name: string;
  icon: string | null;
  ownerId: string;
  roles: Map<string, FakeRole>;
  channels: Map<string, FakeChannel>;
  members: Map<string, FakeMember>;
}

const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;

/** A fresh snowflake, as Discord makes them (time, then a counter). */
export function snowflake(): string {
  increment = (increment + 1n) % 4096n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment).toString();
}

export const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, flag) => all | flag, 0n);

export function userPayload(id: string, username: string, bot = false) {
  return {
    id,
    username,
    discriminator: '0',
    global_name: username,
    avatar: null,
    bot,
    system: false,
    public_flags: 0,
    flags: 0,
  };
}

export function rolePayload(role: FakeRole) {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.managed,
    mentionable: false,
    flags: 0,
    ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
  };
}

export function channelPayload(guildId: string, channel: FakeChannel) {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: [],
    parent_id: null,
    topic: null,
    nsfw: false,
    rate_limit_per_user: 0,
    last_message_id: null,
  };
}

export function memberPayload(member: FakeMember) {
  return {
    user: userPayload(member.userId, member.username, member.bot),
    nick: null,
    avatar: null,
    roles: [...member.roles],
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

/** GUILD_CREATE: the whole server, as a bot sees it when it connects or joins. */
export function guildPayload(guild: FakeGuild) {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: 'en-US',
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    features: [],
    emojis: [],
    stickers: [],
    roles: [...guild.roles.values()].map(rolePayload),
    joined_at: new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members: [...guild.members.values()].map(memberPayload),
    channels: [...guild.channels.values()].map((channel) => channelPayload(guild.id, channel)),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** What a member may do in the server: @everyone plus their roles; Administrator is everything. */
export function permissionsOf(guild: FakeGuild, userId: string): bigint {
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  const member = guild.members.get(userId);
  let permissions = guild.roles.get(guild.id)?.permissions ?? 0n;
  for (const roleId of member?.roles ?? []) permissions |= guild.roles.get(roleId)?.permissions ?? 0n;
  return permissions & PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : permissions;
}

/** The position of a member's highest role (0: only @everyone). */
export function highestPosition(guild: FakeGuild, userId: string): number {
  const member = guild.members.get(userId);
  return Math.max(0, ...(member?.roles ?? []).map((roleId) => guild.roles.get(roleId)?.position ?? 0));
}

export function messagePayload(
  id: string,
  channelId: string,
  guildId: string | undefined,
  author: FakeBot,
  body: Record<string, unknown>,
) {
  return {
    id,
    channel_id: channelId,
    ...(guildId ? { guild_id: guildId } : {}),
    author: userPayload(author.userId, author.username, true),
    content: (body.content as string | undefined) ?? '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: (body.embeds as unknown[] | undefined) ?? [],
    components: (body.components as unknown[] | undefined) ?? [],
    pinned: false,
    type: 0,
    flags: (body.flags as number | undefined) ?? 0,
  };
}

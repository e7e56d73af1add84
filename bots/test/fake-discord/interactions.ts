import { randomBytes } from 'node:crypto';
import { ApplicationCommandOptionType, ComponentType, InteractionType } from 'discord.js';
import {
  ALL_PERMISSIONS,
  channelPayload,
  type FakeBot,
  type FakeGuild,
  memberPayload,
  messagePayload,
  permissionsOf,
  rolePayload,
  snowflake,
} from './payloads.ts';

/** A slash-command option as a test writes it. */
export type CommandOption =
  | { type: ApplicationCommandOptionType.String; name: string; value: string }
  | { type: ApplicationCommandOptionType.Integer; name: string; value: number }
  | { type: ApplicationCommandOptionType.Channel; name: string; value: string }
  | { type: ApplicationCommandOptionType.Role; name: string; value: string };

export const option = {
  string: (name: string, value: string): CommandOption => ({ type: ApplicationCommandOptionType.String, name, value }),
  integer: (name: string, value: number): CommandOption => ({
    type: ApplicationCommandOptionType.Integer,
    name,
    value,
  }),
  channel: (name: string, value: string): CommandOption => ({
    type: ApplicationCommandOptionType.Channel,
    name,
    value,
  }),
  role: (name: string, value: string): CommandOption => ({ type: ApplicationCommandOptionType.Role, name, value }),
};

/** An interaction the fake sent; its answers arrive on the callback and webhook routes. */
export interface SentInteraction {
  id: string;
  token: string;
  bot: FakeBot;
}

export interface InteractionWhere {
  guild: FakeGuild;
  channelId: string;
  userId: string;
}

/** The fields every interaction carries: who, where, and what the bot may do there. */
function base(bot: FakeBot, where: InteractionWhere, type: InteractionType) {
  const { guild, channelId, userId } = where;
  const member = guild.members.get(userId);
  if (!member) throw new Error(`user ${userId} is not a member of ${guild.id}`);
  const channel = guild.channels.get(channelId);
  if (!channel) throw new Error(`channel ${channelId} is not in ${guild.id}`);
  return {
    id: snowflake(),
    token: randomBytes(24).toString('base64url'),
    application_id: bot.applicationId,
    type,
    version: 1,
    guild_id: guild.id,
    guild: { id: guild.id, locale: 'en-US', features: [] },
    channel_id: channelId,
    channel: { ...channelPayload(guild.id, channel), permissions: ALL_PERMISSIONS.toString() },
    member: { ...memberPayload(member), permissions: permissionsOf(guild, userId).toString() },
    app_permissions: permissionsOf(guild, bot.userId).toString(),
    locale: 'en-US',
    guild_locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: { '0': guild.id },
    context: 0,
    attachment_size_limit: 8 * 1024 * 1024,
  };
}

/** The resolved channels and roles discord.js turns option values into. */
function resolved(guild: FakeGuild, options: CommandOption[]) {
  const channels: Record<string, unknown> = {};
  const roles: Record<string, unknown> = {};
  for (const item of options) {
    if (item.type === ApplicationCommandOptionType.Channel) {
      const channel = guild.channels.get(item.value);
      if (channel)
        channels[item.value] = { ...channelPayload(guild.id, channel), permissions: ALL_PERMISSIONS.toString() };
    }
    if (item.type === ApplicationCommandOptionType.Role) {
      const role = guild.roles.get(item.value);
      if (role) roles[item.value] = rolePayload(role);
    }
  }
  return { channels, roles };
}

export function slashCommandPayload(
  bot: FakeBot,
  where: InteractionWhere,
  name: string,
  options: CommandOption[] = [],
  subcommand?: string,
) {
  const wireOptions = subcommand
    ? [{ type: ApplicationCommandOptionType.Subcommand, name: subcommand, options }]
    : options;
  return {
    ...base(bot, where, InteractionType.ApplicationCommand),
    data: {
      id: snowflake(),
      name,
      type: 1,
      guild_id: where.guild.id,
      options: wireOptions,
      resolved: resolved(where.guild, options),
    },
  };
}

export function buttonPayload(bot: FakeBot, where: InteractionWhere, customId: string, messageId = snowflake()) {
  return {
    ...base(bot, where, InteractionType.MessageComponent),
    data: { custom_id: customId, component_type: ComponentType.Button },
    message: messagePayload(messageId, where.channelId, where.guild.id, bot, {}),
  };
}

export function modalSubmitPayload(
  bot: FakeBot,
  where: InteractionWhere,
  customId: string,
  fields: Record<string, string>,
) {
  return {
    ...base(bot, where, InteractionType.ModalSubmit),
    data: {
      custom_id: customId,
      components: Object.entries(fields).map(([id, value]) => ({
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.TextInput, custom_id: id, value }],
      })),
    },
  };
}

import { type Client, Events, type Guild, type GuildMember, type PartialGuildMember } from 'discord.js';
import { replyPrivately, runSlashCommand, somethingWentWrong } from '../shared/slash-command.ts';
import { keyBotCommands } from './commands/index.ts';
import type { KeyBotContext } from './key-bot-context.ts';
import { REDEEM_BUTTON_ID, REDEEM_MODAL_ID, redeemSubmittedKey, showRedeemModal } from './redeem-key.ts';

/** Channels and the bot's roles change what is reported; bursts of such changes are merged. */
const SETTLE_MS = 2_000;

/** What the key bot's parts do when Discord says something happened. */
export interface DiscordListeners {
  /** The bot joined a server, or the server itself changed: reported at once. */
  serverUpdated(guild: Guild): void;
  serverLeft(guildId: string): void;
  /** Something reported changed (channels, the bot's roles): reported once a burst settles. */
  serverChanged(guild: Guild, settleMs: number): void;
  memberJoined(member: GuildMember): void;
  memberLeft(member: GuildMember | PartialGuildMember): void;
}

/** Hands Discord's events to the parts, and interactions to the commands and the Redeem Key button. */
export function listenToDiscord(client: Client, context: KeyBotContext, listeners: DiscordListeners): void {
  const { logger } = context;
  client.on(Events.GuildCreate, (guild) => listeners.serverUpdated(guild));
  // discord.js emits guildDelete only when the bot left or was removed (an outage is guildUnavailable)
  client.on(Events.GuildDelete, (guild) => listeners.serverLeft(guild.id));
  client.on(Events.GuildUpdate, (_old, guild) => listeners.serverUpdated(guild));
  client.on(Events.ChannelCreate, (channel) => listeners.serverChanged(channel.guild, SETTLE_MS));
  client.on(Events.ChannelDelete, (channel) => {
    if (!channel.isDMBased()) listeners.serverChanged(channel.guild, SETTLE_MS);
  });
  client.on(Events.ChannelUpdate, (_old, channel) => {
    if (!channel.isDMBased()) listeners.serverChanged(channel.guild, SETTLE_MS);
  });
  client.on(Events.GuildRoleUpdate, (_old, role) => listeners.serverChanged(role.guild, SETTLE_MS));
  client.on(Events.GuildRoleDelete, (role) => listeners.serverChanged(role.guild, SETTLE_MS));
  client.on(Events.GuildMemberUpdate, (_old, member) => {
    if (member.id === client.user?.id) listeners.serverChanged(member.guild, SETTLE_MS);
  });
  client.on(Events.GuildMemberAdd, (member) => listeners.memberJoined(member));
  client.on(Events.GuildMemberRemove, (member) => listeners.memberLeft(member));
  client.on(Events.InteractionCreate, async (interaction) => {
    if (interaction.isChatInputCommand()) return runSlashCommand(keyBotCommands, interaction, context, logger);
    try {
      if (interaction.isButton() && interaction.customId === REDEEM_BUTTON_ID)
        await showRedeemModal(interaction, context);
      else if (interaction.isModalSubmit() && interaction.customId === REDEEM_MODAL_ID)
        await redeemSubmittedKey(interaction, context);
    } catch (error) {
      logger.error({ err: error, guildId: interaction.guildId, userId: interaction.user.id }, 'redeeming a key failed');
      if (interaction.isRepliable()) await replyPrivately(interaction, somethingWentWrong).catch(() => undefined);
    }
  });
}

import { ChannelType, InteractionContextType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { keyBotTexts } from '../texts.ts';
import { botMember } from '../vip-roles.ts';

/** /setlog: where the key bot logs redemptions, role changes and problems (LogChannelSet). */
export const setLogCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder()
    .setName('setlog')
    .setDescription('Log key redemptions, role changes and problems in a channel')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addChannelOption((option) =>
      option
        .setName('channel')
        .setDescription('The log channel')
        .setRequired(true)
        .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
    ),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, keyBotTexts.onlyInServers);
    const channel = interaction.options.getChannel('channel', true);
    if (!channel.isSendable()) return replyPrivately(interaction, keyBotTexts.notTextChannel);
    const bot = await botMember(interaction.guild);
    if (!channel.permissionsFor(bot).has([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages])) {
      return replyPrivately(interaction, keyBotTexts.cannotPostIn(channel.id));
    }
    const { position } = await context.api.setLogChannel(interaction.guildId, {
      channelId: channel.id,
      setBy: interaction.user.id,
    });
    await context.feed.reached(position);
    await replyPrivately(interaction, keyBotTexts.logChannelSet(channel.id));
    await channel.send({ content: keyBotTexts.logChannelHello, allowedMentions: { parse: [] } });
  },
};

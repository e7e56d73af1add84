import { colorToNumber, renderVerificationText } from '@vip/contracts';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  EmbedBuilder,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { keyPageUrl } from '../../config.ts';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { REDEEM_BUTTON_ID } from '../redeem-key.ts';
import { keyBotTexts } from '../texts.ts';
import { botMember } from '../vip-roles.ts';

const isHttpUrl = (text: string) => /^https?:\/\//i.test(text) && URL.canParse(text);

/**
 * /send: the key-verification message, with a link to the key page and the Redeem Key button.
 * Its words are the owner's own where their plan includes a custom verification message
 * (VerificationMessages), the default otherwise.
 */
export const sendCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder()
    .setName('send')
    .setDescription('Post the key-verification message with the Redeem Key button')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addStringOption((option) =>
      option
        .setName('button_url')
        .setDescription("Where Get a key leads (default: this server's key page)")
        .setMaxLength(500),
    )
    .addChannelOption((option) =>
      option
        .setName('channel')
        .setDescription('Where to post it (default: this channel)')
        .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
    ),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, keyBotTexts.onlyInServers);
    if (context.standings.isSuspended(interaction.guildId))
      return replyPrivately(interaction, keyBotTexts.suspended(context.config.supportUrl));
    const buttonUrl = interaction.options.getString('button_url') ?? keyPageUrl(context.config, interaction.guildId);
    if (!isHttpUrl(buttonUrl)) return replyPrivately(interaction, keyBotTexts.badButtonUrl);
    const channel = interaction.options.getChannel('channel') ?? interaction.channel;
    if (!channel?.isSendable() || channel.isDMBased() || channel.isThread())
      return replyPrivately(interaction, keyBotTexts.notTextChannel);
    const bot = await botMember(interaction.guild);
    const allowed = channel
      .permissionsFor(bot)
      .has([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages, PermissionFlagsBits.EmbedLinks]);
    if (!allowed) return replyPrivately(interaction, keyBotTexts.cannotPostIn(channel.id));

    const { message } = context.verificationMessages.messageFor(interaction.guildId, Date.now());
    const values = { serverName: interaction.guild.name, vipDuration: context.vipWindowText };
    const embed = new EmbedBuilder()
      .setTitle(renderVerificationText(message.title, values))
      .setDescription(renderVerificationText(message.description, values))
      .setColor(colorToNumber(message.color))
      .setFooter({ text: interaction.guild.name });
    const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setStyle(ButtonStyle.Link).setLabel(message.buttonLabel).setURL(buttonUrl),
      new ButtonBuilder()
        .setStyle(ButtonStyle.Success)
        .setLabel(keyBotTexts.redeemButton)
        .setCustomId(REDEEM_BUTTON_ID)
        .setEmoji('🔑'),
    );
    await channel.send({ embeds: [embed], components: [buttons] });
    await replyPrivately(interaction, keyBotTexts.sent(channel.id));
  },
};

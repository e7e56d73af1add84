import { botLimits } from '@vip/contracts';
import { ChannelType, InteractionContextType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import { nextPingAt } from '../auto-ping.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { keyBotTexts } from '../texts.ts';
import { botMember } from '../vip-roles.ts';

const { min, max } = botLimits.autoPingHours;

/** /auto ping hours [channel] [role] and /auto stop: a reminder about keys every 1–12 hours. */
export const autoCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder()
    .setName('auto')
    .setDescription('Repeating reminders about VIP keys')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((sub) =>
      sub
        .setName('ping')
        .setDescription(`Remind members about keys every ${min}–${max} hours`)
        .addIntegerOption((option) =>
          option
            .setName('hours')
            .setDescription('Hours between reminders')
            .setRequired(true)
            .setMinValue(min)
            .setMaxValue(max),
        )
        .addChannelOption((option) =>
          option
            .setName('channel')
            .setDescription('Where (default: this channel)')
            .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
        )
        .addRoleOption((option) => option.setName('role').setDescription('Whom to mention (default: @here)')),
    )
    .addSubcommand((sub) => sub.setName('stop').setDescription('Stop the reminders')),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, keyBotTexts.onlyInServers);
    if (interaction.options.getSubcommand() === 'stop') {
      const { changed, position } = await context.api.stopAutoPing(interaction.guildId, {
        stoppedBy: interaction.user.id,
      });
      await context.feed.reached(position);
      return replyPrivately(interaction, changed ? keyBotTexts.autoPingStopped : keyBotTexts.autoPingNotRunning);
    }
    const hours = interaction.options.getInteger('hours', true);
    const channel = interaction.options.getChannel('channel') ?? interaction.channel;
    if (!channel?.isSendable() || channel.isDMBased() || channel.isThread())
      return replyPrivately(interaction, keyBotTexts.notTextChannel);
    const bot = await botMember(interaction.guild);
    if (!channel.permissionsFor(bot).has([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages])) {
      return replyPrivately(interaction, keyBotTexts.cannotPostIn(channel.id));
    }
    const role = interaction.options.getRole('role');
    const startedAt = Date.now();
    const { position } = await context.api.startAutoPing(interaction.guildId, {
      channelId: channel.id,
      roleId: role && role.id !== interaction.guildId ? role.id : null,
      hours,
      startedBy: interaction.user.id,
    });
    await context.feed.reached(position);
    const next = nextPingAt(startedAt, hours * context.config.autoPingHourMs, startedAt);
    await replyPrivately(interaction, keyBotTexts.autoPingStarted(channel.id, hours, next));
  },
};

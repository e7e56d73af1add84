import { EmbedBuilder, InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { keyBotTexts } from '../texts.ts';

/** /stats: this server's real figures, counted from the log (keys, redemptions, VIPs now, whitelisted members). */
export const statsCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder()
    .setName('stats')
    .setDescription("This server's keys and VIPs")
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, keyBotTexts.onlyInServers);
    const stats = context.state.statsOf(interaction.guildId, Date.now());
    const embed = new EmbedBuilder()
      .setTitle(keyBotTexts.statsTitle(interaction.guild.name))
      .setColor(0x5865f2)
      .addFields(
        { name: 'Keys generated', value: String(stats.keysGenerated), inline: true },
        { name: 'Keys redeemed', value: String(stats.keysRedeemed), inline: true },
        { name: 'VIPs right now', value: String(stats.activeVips), inline: true },
        {
          name: 'Whitelisted members',
          value: String(context.whitelistRoles.countIn(interaction.guildId)),
          inline: true,
        },
      );
    await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral });
  },
};

import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import { keyPageUrl } from '../../config.ts';
import type { SlashCommand } from '../../shared/slash-command.ts';
import type { KeyBotContext } from '../key-bot-context.ts';
import { keyBotTexts } from '../texts.ts';

/** /help: the commands and this server's key page. */
export const helpCommand: SlashCommand<KeyBotContext> = {
  data: new SlashCommandBuilder().setName('help').setDescription("The key bot's commands and this server's key page"),

  async execute(interaction, context) {
    const keyPage = interaction.guildId ? keyPageUrl(context.config, interaction.guildId) : context.config.publicUrl;
    await interaction.reply({ content: keyBotTexts.help(keyPage), flags: MessageFlags.Ephemeral });
  },
};

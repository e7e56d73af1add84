import type { Logger } from '@vip/platform';
import {
  type ChatInputCommandInteraction,
  MessageFlags,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RepliableInteraction,
} from 'discord.js';

/** One slash command (discordjs/guide, Zeppelin): its builder and its handler, in one file. */
export interface SlashCommand<Context> {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(interaction: ChatInputCommandInteraction, context: Context): Promise<void>;
}

/** A reply only the member sees, whatever state the interaction is in. */
export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred) {
    await interaction.editReply({ content, allowedMentions: { parse: [] } });
  } else if (interaction.replied) {
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  }
}

export const somethingWentWrong = 'Something went wrong on our side. Please try again in a minute.';

/** Finds the command by name and runs it; an unexpected failure still gets a reply. */
export async function runSlashCommand<Context>(
  commands: readonly SlashCommand<Context>[],
  interaction: ChatInputCommandInteraction,
  context: Context,
  logger: Logger,
): Promise<void> {
  const command = commands.find((candidate) => candidate.data.name === interaction.commandName);
  if (!command) return;
  const log = logger.child({
    command: interaction.commandName,
    guildId: interaction.guildId,
    userId: interaction.user.id,
  });
  try {
    await command.execute(interaction, context);
    log.info('command handled');
  } catch (error) {
    log.error({ err: error }, 'command failed');
    await replyPrivately(interaction, somethingWentWrong).catch(() => undefined);
  }
}

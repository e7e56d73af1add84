import { InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { ProductApiError } from '../../shared/product-api.ts';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { PosterBotContext } from '../poster-bot-context.ts';
import { posterTexts, shortIdOf } from '../texts.ts';
import { libraryMessage } from '../video-library.ts';

/** /videos list (the library, with Re-post and Cancel buttons) and /videos cancel id. */
export const videosCommand: SlashCommand<PosterBotContext> = {
  data: new SlashCommandBuilder()
    .setName('videos')
    .setDescription('The videos posted and scheduled in this server')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((sub) =>
      sub.setName('list').setDescription('The video library of this server, with Re-post and Cancel buttons'),
    )
    .addSubcommand((sub) =>
      sub
        .setName('cancel')
        .setDescription('Cancel a scheduled or repeating post')
        .addStringOption((option) =>
          option
            .setName('id')
            .setDescription('The id shown by /videos list')
            .setRequired(true)
            .setMinLength(4)
            .setMaxLength(36),
        ),
    ),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, posterTexts.onlyInServers);

    if (interaction.options.getSubcommand() === 'list') {
      const { content, embeds, components } = libraryMessage(context.schedule.libraryOf(interaction.guildId), 1);
      await interaction.reply({ content, embeds, components, flags: MessageFlags.Ephemeral });
      return;
    }

    const posts = context.schedule.activeIn(interaction.guildId);
    const typed = interaction.options.getString('id', true).trim().toLowerCase();
    const matches = posts.filter((post) => post.postId.startsWith(typed));
    if (matches.length === 0) return replyPrivately(interaction, posterTexts.unknownPost(typed));
    if (matches.length > 1) return replyPrivately(interaction, posterTexts.ambiguousPost(typed));
    const [post] = matches;
    try {
      const { position } = await context.api.cancelVideoPost(post.postId, {
        guildId: interaction.guildId,
        cancelledBy: interaction.user.id,
      });
      await context.feed.reached(position);
    } catch (error) {
      if (error instanceof ProductApiError && error.status < 500)
        return replyPrivately(interaction, `❌ ${error.message}`);
      throw error;
    }
    await replyPrivately(interaction, posterTexts.cancelled(shortIdOf(post.postId)));
  },
};

import {
  EmbedBuilder,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { ProductApiError } from '../../shared/product-api.ts';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { PosterBotContext } from '../poster-bot-context.ts';
import { posterTexts, shortIdOf } from '../texts.ts';
import { nextSlot } from '../video-schedule.ts';

const MAX_LISTED = 20;

/** /videos list and /videos cancel id: the server's scheduled posts. */
export const videosCommand: SlashCommand<PosterBotContext> = {
  data: new SlashCommandBuilder()
    .setName('videos')
    .setDescription('Scheduled video posts')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((sub) => sub.setName('list').setDescription('The scheduled posts of this server'))
    .addSubcommand((sub) =>
      sub
        .setName('cancel')
        .setDescription('Cancel a scheduled post')
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
    const posts = context.schedule.activeIn(interaction.guildId);

    if (interaction.options.getSubcommand() === 'list') {
      if (posts.length === 0) return replyPrivately(interaction, posterTexts.noPosts);
      const lines = posts
        .slice(0, MAX_LISTED)
        .map((post) =>
          posterTexts.listLine(shortIdOf(post.postId), post.url, post.channelId, nextSlot(post)!, post.repeatMinutes),
        );
      if (posts.length > MAX_LISTED) lines.push(`… and ${posts.length - MAX_LISTED} more`);
      const embed = new EmbedBuilder()
        .setTitle(posterTexts.listTitle)
        .setDescription(lines.join('\n'))
        .setColor(0xe03c3c);
      await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral });
      return;
    }

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

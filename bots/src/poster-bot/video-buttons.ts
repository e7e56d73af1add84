import { type ButtonInteraction, MessageFlags, PermissionFlagsBits } from 'discord.js';
import { ProductApiError } from '../shared/product-api.ts';
import { replyPrivately } from '../shared/slash-command.ts';
import type { PosterBotContext } from './poster-bot-context.ts';
import { posterTexts, shortIdOf } from './texts.ts';
import { libraryActionOf, libraryMessage } from './video-library.ts';

/** The product's refusals are already written for members; anything else is our failure. */
async function refusedByProduct(interaction: ButtonInteraction, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ProductApiError && error.status < 500)
      return replyPrivately(interaction, `❌ ${error.message}`);
    throw error;
  }
}

/**
 * A press on a /videos library button: Re-post (the video again, now, as a new one-off
 * post), Cancel (a scheduled or repeating post) or a page of the library. The library is
 * only shown to members with Manage Server, and each press is checked again: a button is
 * just a custom id, and the product checks that the post belongs to this server.
 */
export async function pressLibraryButton(interaction: ButtonInteraction, context: PosterBotContext): Promise<void> {
  const pressed = libraryActionOf(interaction.customId);
  if (pressed.action === 'unknown') return;
  if (!interaction.inCachedGuild()) return replyPrivately(interaction, posterTexts.onlyInServers);
  if (!interaction.memberPermissions.has(PermissionFlagsBits.ManageGuild))
    return replyPrivately(interaction, posterTexts.needsManageServer);
  const { guildId } = interaction;

  if (pressed.action === 'page') {
    const { content, embeds, components } = libraryMessage(context.schedule.libraryOf(guildId), pressed.page);
    await interaction.update({ content, embeds, components });
    return;
  }

  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const { postId } = pressed;
  if (pressed.action === 'repost') {
    await refusedByProduct(interaction, async () => {
      const scheduled = await context.api.repostVideo(postId, { guildId, repostedBy: interaction.user.id });
      await context.feed.reached(scheduled.position);
      const channelId = context.schedule.posts.get(scheduled.postId)?.channelId ?? interaction.channelId;
      await replyPrivately(interaction, posterTexts.reposting(shortIdOf(scheduled.postId), channelId));
    });
    return;
  }
  await refusedByProduct(interaction, async () => {
    const { position } = await context.api.cancelVideoPost(postId, { guildId, cancelledBy: interaction.user.id });
    await context.feed.reached(position);
    await replyPrivately(interaction, posterTexts.cancelled(shortIdOf(postId)));
  });
}

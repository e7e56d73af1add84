import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  escapeMarkdown,
  type InteractionReplyOptions,
} from 'discord.js';
import { posterTexts, shortIdOf } from './texts.ts';
import { POSTER_COLOUR } from './video-message.ts';
import { isActive, nextSlot, type VideoPost } from './video-schedule.ts';

/** Discord allows five rows of buttons: one per video, and one to turn the page. */
export const LIBRARY_PAGE_SIZE = 4;

/** The library's buttons; the post id (or page) travels in the button's custom id. */
export const libraryButtons = {
  repost: (postId: string) => `videos:repost:${postId}`,
  cancel: (postId: string) => `videos:cancel:${postId}`,
  page: (page: number) => `videos:page:${page}`,
};

export type LibraryAction =
  | { action: 'repost' | 'cancel'; postId: string }
  | { action: 'page'; page: number }
  | { action: 'unknown' };

export function libraryActionOf(customId: string): LibraryAction {
  const [prefix, action, value] = customId.split(':');
  if (prefix !== 'videos' || !value) return { action: 'unknown' };
  if ((action === 'repost' || action === 'cancel') && /^[0-9a-f-]{36}$/.test(value)) return { action, postId: value };
  if (action === 'page' && /^\d{1,4}$/.test(value)) return { action, page: Number(value) };
  return { action: 'unknown' };
}

function line(post: VideoPost, number: number): string {
  const name = post.title ? `[${escapeMarkdown(post.title)}](${post.url})` : post.url;
  const status = posterTexts.libraryStatus({
    cancelled: post.cancelled,
    next: isActive(post) ? nextSlot(post) : null,
    lastPostedAt: post.lastPostedAt,
    timesPosted: post.timesPosted,
    repeatMinutes: post.repeatMinutes,
    repost: post.repostOf !== null,
  });
  return `**${number}.** \`${shortIdOf(post.postId)}\` ${name} in <#${post.channelId}>\n${status}`;
}

/**
 * One page of a server's videos: an embed listing them, a row per video with Re-post (always)
 * and Cancel (while it is still to be sent), and Newer / Older when there is more than a page.
 */
export function libraryMessage(posts: readonly VideoPost[], page: number): InteractionReplyOptions {
  if (posts.length === 0) return { content: posterTexts.noPosts, embeds: [], components: [] };
  const pages = Math.ceil(posts.length / LIBRARY_PAGE_SIZE);
  const current = Math.min(Math.max(page, 1), pages);
  const first = (current - 1) * LIBRARY_PAGE_SIZE;
  const shown = posts.slice(first, first + LIBRARY_PAGE_SIZE);
  const embed = new EmbedBuilder()
    .setTitle(posterTexts.libraryTitle)
    .setColor(POSTER_COLOUR)
    .setDescription(shown.map((post, index) => line(post, first + index + 1)).join('\n\n'))
    .setFooter({ text: posterTexts.libraryFooter(current, pages, posts.length) });
  const rows = shown.map((post, index) => {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(libraryButtons.repost(post.postId))
        .setLabel(posterTexts.repostButton(first + index + 1))
        .setStyle(ButtonStyle.Primary),
    );
    if (isActive(post))
      row.addComponents(
        new ButtonBuilder()
          .setCustomId(libraryButtons.cancel(post.postId))
          .setLabel(posterTexts.cancelButton(first + index + 1))
          .setStyle(ButtonStyle.Danger),
      );
    return row;
  });
  if (pages > 1)
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(libraryButtons.page(current - 1))
          .setLabel(posterTexts.newerButton)
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(current === 1),
        new ButtonBuilder()
          .setCustomId(libraryButtons.page(current + 1))
          .setLabel(posterTexts.olderButton)
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(current === pages),
      ),
    );
  return { content: '', embeds: [embed], components: rows };
}

import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageCreateOptions } from 'discord.js';

/** The poster bot's colour, the red of the landing page's video icon. */
export const POSTER_COLOUR = 0xe03c3c;
export const WATCH_LABEL = 'Watch';

export interface VideoContent {
  url: string;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

const siteOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/**
 * What lands in the channel: an embed with the title (linking to the video), the page's
 * description, its picture as the thumbnail, the site it is on, and a Watch link button.
 * Without a title there is nothing to build a card from, and the post is the bare link
 * (Discord then shows its own preview, if any). Nobody is pinged either way.
 */
export function videoMessage(video: VideoContent): MessageCreateOptions {
  if (!video.title) return { content: video.url, allowedMentions: { parse: [] } };
  const embed = new EmbedBuilder()
    .setTitle(video.title)
    .setURL(video.url)
    .setColor(POSTER_COLOUR)
    .setFooter({ text: siteOf(video.url) });
  if (video.description) embed.setDescription(video.description);
  if (video.imageUrl) embed.setThumbnail(video.imageUrl);
  const watch = new ButtonBuilder().setStyle(ButtonStyle.Link).setLabel(WATCH_LABEL).setURL(video.url);
  return {
    embeds: [embed],
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(watch)],
    allowedMentions: { parse: [] },
  };
}

import { botLimits } from '@vip/contracts';
import {
  ChannelType,
  type GuildTextBasedChannel,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { ProductApiError } from '../../shared/product-api.ts';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import { fetchPagePreview } from '../page-preview.ts';
import type { PosterBotContext } from '../poster-bot-context.ts';
import { posterTexts, shortIdOf } from '../texts.ts';
import { parseDuration, parseWhen } from '../time-input.ts';

/** Typing takes a moment: "now" and times of the last minute still mean now. */
const GRACE_MS = 60_000;
const POSTING = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages, PermissionFlagsBits.EmbedLinks];

/**
 * /postvideo url [title] [channel] [when] [repeat]: a video post now, later, or repeating
 * (VideoPostScheduled). The page is read once, here, for its title, description and
 * picture; the embed is stored with the post, so every repetition shows the same card.
 */
export const postVideoCommand: SlashCommand<PosterBotContext> = {
  data: new SlashCommandBuilder()
    .setName('postvideo')
    .setDescription('Post a video with its title, picture and a Watch button, now or later')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addStringOption((option) =>
      option.setName('url').setDescription('The video link').setRequired(true).setMaxLength(500),
    )
    .addStringOption((option) =>
      option
        .setName('title')
        .setDescription("The embed's title (default: the page's own title)")
        .setMaxLength(botLimits.videoTitleChars),
    )
    .addChannelOption((option) =>
      option
        .setName('channel')
        .setDescription('Where to post it (default: this channel)')
        .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
    )
    .addStringOption((option) =>
      option
        .setName('when')
        .setDescription('When: now (default), 10m, 2h, 18:30 (UTC) or 2026-05-01 18:30 (UTC)')
        .setMaxLength(40),
    )
    .addStringOption((option) =>
      option
        .setName('repeat')
        .setDescription(`Repeat every…: 2h, 1d, 1w (at least ${botLimits.minRepeatMinutes} min)`)
        .setMaxLength(20),
    ),

  async execute(interaction, context) {
    if (!interaction.inCachedGuild()) return replyPrivately(interaction, posterTexts.onlyInServers);
    const url = interaction.options.getString('url', true).trim();
    if (!/^https?:\/\/\S+$/i.test(url) || !URL.canParse(url)) return replyPrivately(interaction, posterTexts.badUrl);
    const ownTitle = interaction.options.getString('title')?.trim() || null;

    const now = Date.now();
    const whenText = interaction.options.getString('when');
    const firstAt = whenText ? parseWhen(whenText, now) : now;
    if (firstAt === null) return replyPrivately(interaction, posterTexts.badWhen);
    if (firstAt < now - GRACE_MS) return replyPrivately(interaction, posterTexts.whenInPast);

    const repeatText = interaction.options.getString('repeat');
    let repeatMinutes: number | null = null;
    if (repeatText) {
      const every = parseDuration(repeatText);
      if (every === null) return replyPrivately(interaction, posterTexts.badRepeat);
      repeatMinutes = Math.round(every / 60_000);
      if (repeatMinutes < botLimits.minRepeatMinutes) return replyPrivately(interaction, posterTexts.repeatTooShort);
      if (repeatMinutes > botLimits.maxRepeatMinutes) return replyPrivately(interaction, posterTexts.repeatTooLong);
    }

    const channel: GuildTextBasedChannel | null = interaction.options.getChannel('channel') ?? interaction.channel;
    const me = interaction.guild.members.me ?? (await interaction.guild.members.fetchMe());
    if (!channel?.isSendable()) return replyPrivately(interaction, posterTexts.notTextChannel);
    if (!channel.permissionsFor(me).has(POSTING))
      return replyPrivately(interaction, posterTexts.cannotPostIn(channel.id));

    // reading the page may take seconds; Discord wants an answer within three
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const preview = await fetchPagePreview(url, context.config.posterPreview);
    const page = preview.ok ? preview : { title: null, description: null, imageUrl: null };
    const title = ownTitle ?? page.title;
    if (!preview.ok) context.logger.info({ host: new URL(url).host, reason: preview.reason }, 'no page preview');

    try {
      const scheduled = await context.api.scheduleVideoPost({
        guildId: interaction.guildId,
        channelId: channel.id,
        url,
        title,
        description: page.description,
        imageUrl: page.imageUrl,
        firstAt: new Date(firstAt).toISOString(),
        repeatMinutes,
        scheduledBy: interaction.user.id,
      });
      await context.feed.reached(scheduled.position);
      const shows = title
        ? posterTexts.showsEmbed(title, page.imageUrl !== null)
        : posterTexts.showsBareLink(preview.ok ? 'no title' : preview.reason);
      const when = posterTexts.scheduled(
        shortIdOf(scheduled.postId),
        channel.id,
        Date.parse(scheduled.firstAt),
        scheduled.repeatMinutes,
      );
      await replyPrivately(interaction, `${when}\n${shows}`);
    } catch (error) {
      // the product checks the same rules and the server's plan; its text is already member-facing
      if (error instanceof ProductApiError && error.status < 500)
        return replyPrivately(interaction, `❌ ${error.message}`);
      throw error;
    }
  },
};

import { ChannelType, InteractionContextType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { botLimits } from '@vip/contracts';
import { ProductApiError } from '../../shared/product-api.ts';
import { replyPrivately, type SlashCommand } from '../../shared/slash-command.ts';
import type { PosterBotContext } from '../poster-bot-context.ts';
import { posterTexts, shortIdOf } from '../texts.ts';
import { parseDuration, parseWhen } from '../time-input.ts';

/** Typing takes a moment: "now" and times of the last minute still mean now. */
const GRACE_MS = 60_000;

/** /postvideo url channel [at] [repeat]: a post now, later, or repeating (VideoPostScheduled). */
export const postVideoCommand: SlashCommand<PosterBotContext> = {
  data: new SlashCommandBuilder()
    .setName('postvideo')
    .setDescription('Post a video link now or later, once or repeating')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .setContexts(InteractionContextType.Guild)
    .addStringOption((option) =>
      option.setName('url').setDescription('The video link').setRequired(true).setMaxLength(500),
    )
    .addChannelOption((option) =>
      option
        .setName('channel')
        .setDescription('Where to post it')
        .setRequired(true)
        .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
    )
    .addStringOption((option) =>
      option
        .setName('at')
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

    const now = Date.now();
    const atText = interaction.options.getString('at');
    const firstAt = atText ? parseWhen(atText, now) : now;
    if (firstAt === null) return replyPrivately(interaction, posterTexts.badAt);
    if (firstAt < now - GRACE_MS) return replyPrivately(interaction, posterTexts.atInPast);

    const repeatText = interaction.options.getString('repeat');
    let repeatMinutes: number | null = null;
    if (repeatText) {
      const every = parseDuration(repeatText);
      if (every === null) return replyPrivately(interaction, posterTexts.badRepeat);
      repeatMinutes = Math.round(every / 60_000);
      if (repeatMinutes < botLimits.minRepeatMinutes) return replyPrivately(interaction, posterTexts.repeatTooShort);
      if (repeatMinutes > botLimits.maxRepeatMinutes) return replyPrivately(interaction, posterTexts.repeatTooLong);
    }

    const channel = interaction.options.getChannel('channel', true);
    const me = interaction.guild.members.me ?? (await interaction.guild.members.fetchMe());
    if (!channel.isSendable()) return replyPrivately(interaction, posterTexts.notTextChannel);
    if (!channel.permissionsFor(me).has([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages])) {
      return replyPrivately(interaction, posterTexts.cannotPostIn(channel.id));
    }

    try {
      const scheduled = await context.api.scheduleVideoPost({
        guildId: interaction.guildId,
        channelId: channel.id,
        url,
        firstAt: new Date(firstAt).toISOString(),
        repeatMinutes,
        scheduledBy: interaction.user.id,
      });
      await context.feed.reached(scheduled.position);
      await replyPrivately(
        interaction,
        posterTexts.scheduled(
          shortIdOf(scheduled.postId),
          channel.id,
          Date.parse(scheduled.firstAt),
          scheduled.repeatMinutes,
        ),
      );
    } catch (error) {
      // the product checks the same rules; its text is already member-facing
      if (error instanceof ProductApiError && error.status < 500)
        return replyPrivately(interaction, `❌ ${error.message}`);
      throw error;
    }
  },
};

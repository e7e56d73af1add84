import { z } from 'zod';
import { SNOWFLAKE } from '../discord-id.ts';
import { botSettingsPaths } from '../routes/bot-settings.ts';
import { botLimits, botSettingsTexts } from '../texts/bot-settings.ts';
import { plainText } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';
import { serverIdParamSchema } from './servers.ts';

const discordId = z.string({ error: botSettingsTexts.badDiscordId }).regex(SNOWFLAKE, botSettingsTexts.badDiscordId);
const isoTime = z.iso.datetime({ offset: true, error: botSettingsTexts.badTime });

export const postIdParamSchema = z.uuid({ error: botSettingsTexts.unknownPost });

export const chooseVipRoleRequestSchema = z.object({ roleId: discordId, chosenBy: discordId });
export const setLogChannelRequestSchema = z.object({ channelId: discordId, setBy: discordId });
export const startAutoPingRequestSchema = z.object({
  channelId: discordId,
  roleId: discordId.nullable().default(null),
  hours: z
    .number({ error: botSettingsTexts.autoPingHours })
    .int(botSettingsTexts.autoPingHours)
    .min(botLimits.autoPingHours.min, botSettingsTexts.autoPingHours)
    .max(botLimits.autoPingHours.max, botSettingsTexts.autoPingHours),
  startedBy: discordId,
});
export const stopAutoPingRequestSchema = z.object({ stoppedBy: discordId });

const webAddress = (text: string) => /^https?:\/\/[^\s]+$/i.test(text) && URL.canParse(text);

export const scheduleVideoPostRequestSchema = z.object({
  guildId: discordId,
  channelId: discordId,
  url: z
    .string({ error: botSettingsTexts.badUrl })
    .max(500, botSettingsTexts.badUrl)
    .refine(webAddress, botSettingsTexts.badUrl),
  title: plainText(
    z
      .string({ error: botSettingsTexts.badTitle })
      .trim()
      .min(1, botSettingsTexts.badTitle)
      .max(botLimits.videoTitleChars, botSettingsTexts.badTitle),
    'Title',
  )
    .nullable()
    .default(null),
  description: plainText(
    z
      .string({ error: botSettingsTexts.badDescription })
      .trim()
      .max(botLimits.videoDescriptionChars, botSettingsTexts.badDescription),
    'Description',
  )
    .nullable()
    .default(null),
  imageUrl: z
    .string({ error: botSettingsTexts.badImageUrl })
    .max(botLimits.videoImageUrlChars, botSettingsTexts.badImageUrl)
    .refine(webAddress, botSettingsTexts.badImageUrl)
    .nullable()
    .default(null),
  firstAt: isoTime,
  repeatMinutes: z
    .number({ error: botSettingsTexts.repeatTooShort })
    .int(botSettingsTexts.repeatTooShort)
    .min(botLimits.minRepeatMinutes, botSettingsTexts.repeatTooShort)
    .max(botLimits.maxRepeatMinutes, botSettingsTexts.repeatTooLong)
    .nullable()
    .default(null),
  scheduledBy: discordId,
});
export const cancelVideoPostRequestSchema = z.object({ guildId: discordId, cancelledBy: discordId });
export const repostVideoRequestSchema = z.object({ guildId: discordId, repostedBy: discordId });
export const videoDueRequestSchema = z.object({ guildId: discordId });
export const videoPostedRequestSchema = z.object({
  guildId: discordId,
  channelId: discordId,
  messageId: discordId,
  dueAt: isoTime,
});

export type ChooseVipRoleRequest = z.input<typeof chooseVipRoleRequestSchema>;
export type SetLogChannelRequest = z.input<typeof setLogChannelRequestSchema>;
export type StartAutoPingRequest = z.input<typeof startAutoPingRequestSchema>;
export type StopAutoPingRequest = z.input<typeof stopAutoPingRequestSchema>;
export type ScheduleVideoPostRequest = z.input<typeof scheduleVideoPostRequestSchema>;
export type CancelVideoPostRequest = z.input<typeof cancelVideoPostRequestSchema>;
export type RepostVideoRequest = z.input<typeof repostVideoRequestSchema>;
export type VideoDueRequest = z.input<typeof videoDueRequestSchema>;
export type VideoPostedRequest = z.input<typeof videoPostedRequestSchema>;

/** A setting was recorded; `changed` is false when it already had that value. */
export interface BotSettingResponse {
  success: true;
  changed: boolean;
  /** Where the event sits in the log (null when nothing was appended): the bot waits until its feed passed it. */
  position: number | null;
}

export interface VideoPostScheduledResponse {
  success: true;
  postId: string;
  firstAt: string;
  repeatMinutes: number | null;
  position: number | null;
}

const guild = { id: serverIdParamSchema };
const post = { postId: postIdParamSchema };
export const botSettingsApi = withSchemas(botSettingsPaths, {
  vipRole: {
    summary: 'The key bot records the role it gives for redeemed keys (/setrole)',
    params: guild,
    body: chooseVipRoleRequestSchema,
    response: answer<BotSettingResponse>(200, 'BotSettingResponse'),
  },
  logChannel: {
    summary: 'The key bot records the channel it logs to (/setlog)',
    params: guild,
    body: setLogChannelRequestSchema,
    response: answer<BotSettingResponse>(200, 'BotSettingResponse'),
  },
  autoPing: {
    summary: 'The key bot starts (or replaces) a repeating ping (/auto ping)',
    params: guild,
    body: startAutoPingRequestSchema,
    response: answer<BotSettingResponse>(200, 'BotSettingResponse'),
  },
  stopAutoPing: {
    summary: 'The key bot stops the repeating ping (/auto stop)',
    params: guild,
    body: stopAutoPingRequestSchema,
    response: answer<BotSettingResponse>(200, 'BotSettingResponse (changed false when none was running)'),
  },
  scheduleVideo: {
    summary: 'The poster bot schedules a video post (/postvideo)',
    body: scheduleVideoPostRequestSchema,
    response: answer<VideoPostScheduledResponse>(201, 'VideoPostScheduledResponse'),
  },
  cancelVideo: {
    summary: 'The poster bot cancels a scheduled post (/videos cancel)',
    params: post,
    body: cancelVideoPostRequestSchema,
    response: answer<BotSettingResponse>(200, 'BotSettingResponse'),
  },
  repostVideo: {
    summary: 'The poster bot posts a video of the library again now (/videos Re-post): a new one-off post',
    params: post,
    body: repostVideoRequestSchema,
    response: answer<VideoPostScheduledResponse>(201, 'VideoPostScheduledResponse'),
  },
  videoDue: {
    summary:
      "The poster bot asks before it sends a due post: 200 while the server's plan covers the poster bot, 403 with the reason when not (nothing is recorded)",
    params: post,
    body: videoDueRequestSchema,
    response: answer<BotSettingResponse>(200, 'BotSettingResponse (changed false)'),
  },
  videoPosted: {
    summary: 'The poster bot sent a post for one due slot (a repeated report records nothing)',
    params: post,
    body: videoPostedRequestSchema,
    response: answer<BotSettingResponse>(200, 'BotSettingResponse'),
  },
});

export { botLimits, botSettingsTexts };

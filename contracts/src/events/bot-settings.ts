import { z } from 'zod';

/**
 * The bots' own settings and schedules. Each is chosen in Discord with a slash command, sent
 * to the command service with the bots' service token, and read back by the bots from the
 * log, so a restarted bot (or another shard) knows them without any private state.
 * `…By` fields hold the Discord user id of the member who ran the command.
 */

/** Stream `bot-settings-<guildId>`: the key bot's per-server choices. */
export const vipRoleChosenSchema = z.object({
  guildId: z.string(),
  roleId: z.string(),
  chosenBy: z.string(),
  chosenAt: z.string(),
});
export const logChannelSetSchema = z.object({
  guildId: z.string(),
  channelId: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});

/**
 * Stream `auto-ping-<guildId>`: a repeating reminder in one channel, every `hours` hours from
 * `startedAt`. Starting again replaces the previous schedule.
 */
export const autoPingStartedSchema = z.object({
  guildId: z.string(),
  channelId: z.string(),
  /** The role mentioned by each ping; null mentions @here. */
  roleId: z.string().nullable(),
  hours: z.number().int().positive(),
  startedBy: z.string(),
  startedAt: z.string(),
});
export const autoPingStoppedSchema = z.object({ guildId: z.string(), stoppedBy: z.string(), stoppedAt: z.string() });

/**
 * Stream `video-post-<postId>`: a poster-bot post. The post is due at `firstAt`, then every
 * `repeatMinutes` after it when set. Each post sent is a VideoPosted whose `dueAt` names the
 * slot it filled, so a restarted bot knows which slots are done and sends a missed one once.
 * v2: what the embed shows, read from the page's OpenGraph tags (or the member's own title)
 * when the post was scheduled; a post without a title is sent as the bare link. `repostOf`
 * names the post a /videos Re-post copied.
 */
export const videoPostScheduledSchema = z.object({
  postId: z.string(),
  guildId: z.string(),
  channelId: z.string(),
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  repostOf: z.string().nullable(),
  firstAt: z.string(),
  repeatMinutes: z.number().int().positive().nullable(),
  scheduledBy: z.string(),
  scheduledAt: z.string(),
});
export const videoPostedSchema = z.object({
  postId: z.string(),
  guildId: z.string(),
  channelId: z.string(),
  messageId: z.string(),
  dueAt: z.string(),
  postedAt: z.string(),
});
export const videoPostCancelledSchema = z.object({
  postId: z.string(),
  guildId: z.string(),
  cancelledBy: z.string(),
  cancelledAt: z.string(),
});

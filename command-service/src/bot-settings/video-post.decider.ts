import { botLimits, botSettingsTexts, type EventOf, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { posterRefusal, type PosterStanding } from './poster-standing.ts';

/** Stream `video-post-<postId>`: one scheduled post of the poster bot and every time it was sent. */
export const videoPostStream = (postId: string) => `video-post-${postId}`;

export type VideoPostEvent = EventOf<'VideoPostScheduled' | 'VideoPosted' | 'VideoPostCancelled'>;

/** What a post shows: the link and its embed (null title: the bare link). */
export interface VideoContent {
  channelId: string;
  url: string;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

/**
 * `standing` is an input from other streams (the server's owner, their plan and servers):
 * a new post, and each post about to be sent, needs the poster plan to cover the server.
 */
export type VideoPostCommand =
  | ({
      type: 'ScheduleVideoPost';
      postId: string;
      guildId: string;
      repostOf: string | null;
      firstAt: string;
      repeatMinutes: number | null;
      scheduledBy: string;
      standing: PosterStanding;
    } & VideoContent)
  | { type: 'CheckVideoPostDue'; postId: string; guildId: string; standing: PosterStanding }
  | { type: 'CancelVideoPost'; postId: string; guildId: string; cancelledBy: string }
  | { type: 'RecordVideoPosted'; postId: string; guildId: string; channelId: string; messageId: string; dueAt: string };

export interface VideoPostState {
  guildId: string | null;
  content: VideoContent | null;
  firstAt: string | null;
  repeatMinutes: number | null;
  cancelled: boolean;
  /** The slot the last post filled; later reports for it or an earlier slot are repeats. */
  lastDueAt: string | null;
}

export const initialVideoPostState = (): VideoPostState => ({
  guildId: null,
  content: null,
  firstAt: null,
  repeatMinutes: null,
  cancelled: false,
  lastDueAt: null,
});

const GRACE_MS = 60_000;
const unknownPost = () => new DomainError('not_found', botSettingsTexts.unknownPost, errorCodes.unknownPost);

/** A re-post shows what the original showed; another server's post is as unknown as a missing one. */
export function contentToRepost(original: VideoPostState, guildId: string): VideoContent {
  if (original.guildId !== guildId || original.content === null) throw unknownPost();
  return original.content;
}

export const videoPostDecider: Decider<VideoPostCommand, VideoPostState, VideoPostEvent> = {
  // a repeating post gains an event each time it is sent, for as long as it runs: read from a snapshot
  reading: { kind: 'snapshot', version: 1 },
  initialState: initialVideoPostState,
  evolve: (state, event) => {
    switch (event.type) {
      case 'VideoPostScheduled': {
        const { guildId, channelId, url, title, description, imageUrl, firstAt, repeatMinutes } = event.data;
        return {
          ...state,
          guildId,
          content: { channelId, url, title, description, imageUrl },
          firstAt,
          repeatMinutes,
        };
      }
      case 'VideoPosted':
        return { ...state, lastDueAt: event.data.dueAt };
      case 'VideoPostCancelled':
        return { ...state, cancelled: true };
    }
  },
  decide: (command, state, now) => {
    switch (command.type) {
      case 'ScheduleVideoPost': {
        if (state.guildId !== null)
          throw new DomainError('conflict', botSettingsTexts.postExists, errorCodes.postExists);
        const refusal = posterRefusal(command.standing);
        if (refusal) throw refusal;
        const first = Date.parse(command.firstAt);
        // a small grace: "now" chosen in Discord reaches us a moment later
        if (first < now.getTime() - GRACE_MS)
          throw new DomainError('invalid', botSettingsTexts.timeInPast, errorCodes.validation);
        if (first > now.getTime() + botLimits.maxScheduleDays * 86_400_000)
          throw new DomainError('invalid', botSettingsTexts.timeTooFar, errorCodes.validation);
        const { repeatMinutes } = command;
        if (repeatMinutes !== null && repeatMinutes < botLimits.minRepeatMinutes)
          throw new DomainError('invalid', botSettingsTexts.repeatTooShort, errorCodes.validation);
        if (repeatMinutes !== null && repeatMinutes > botLimits.maxRepeatMinutes)
          throw new DomainError('invalid', botSettingsTexts.repeatTooLong, errorCodes.validation);
        const { postId, guildId, channelId, url, title, description, imageUrl, repostOf, scheduledBy } = command;
        const firstAt = new Date(first).toISOString();
        return [
          {
            type: 'VideoPostScheduled',
            data: {
              postId,
              guildId,
              channelId,
              url,
              title,
              description,
              imageUrl,
              repostOf,
              firstAt,
              repeatMinutes,
              scheduledBy,
              scheduledAt: now.toISOString(),
            },
          },
        ];
      }
      case 'CheckVideoPostDue': {
        if (state.guildId === null || state.guildId !== command.guildId) throw unknownPost();
        // the plan can end, or the server leave its owner's first servers, after the post was scheduled
        const refusal = posterRefusal(command.standing);
        if (refusal) throw refusal;
        return [];
      }
      case 'CancelVideoPost': {
        // another server's post is as unknown as a missing one
        if (state.guildId === null || state.guildId !== command.guildId) throw unknownPost();
        const finished = state.repeatMinutes === null && state.lastDueAt !== null;
        if (state.cancelled || finished) return [];
        const { postId, guildId, cancelledBy } = command;
        return [{ type: 'VideoPostCancelled', data: { postId, guildId, cancelledBy, cancelledAt: now.toISOString() } }];
      }
      case 'RecordVideoPosted': {
        if (state.guildId === null || state.guildId !== command.guildId) throw unknownPost();
        const due = Date.parse(command.dueAt);
        // a retried report, or a second report of a one-off post, records nothing
        if (state.lastDueAt !== null && (state.repeatMinutes === null || due <= Date.parse(state.lastDueAt))) return [];
        if (due < Date.parse(state.firstAt!)) return [];
        const { postId, guildId, channelId, messageId } = command;
        return [
          {
            type: 'VideoPosted',
            data: {
              postId,
              guildId,
              channelId,
              messageId,
              dueAt: new Date(due).toISOString(),
              postedAt: now.toISOString(),
            },
          },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

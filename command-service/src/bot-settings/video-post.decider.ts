import { botLimits, botSettingsTexts, errorCodes } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { serverSuspendedError } from '../suspensions/suspension.decider.ts';
import { type VideoContent, type VideoPostEvent, type VideoPostState, videoPostFold } from './video-post.state.ts';

/**
 * Whether the poster bot may post in a server (spec §9: the poster bot's Business plan, "up
 * to 3 servers"). A server's plan is its owner's: the subscriber whose panel lists it, as for
 * the key page's tier. The plan covers the poster bot in the first `serverSlots` servers of
 * that list, so the owner chooses which ones by the order they added them.
 */
export type PosterStanding =
  | { covered: true }
  | {
      covered: false;
      reason: 'suspended' | 'no_plan' | 'unverified' | 'other_plan' | 'plan_ended' | 'beyond_limit';
      servers: number;
    };

/** The refusal a member reads for a server the plan does not cover; null when it does. */
export function posterRefusal(standing: PosterStanding): DomainError | null {
  if (standing.covered) return null;
  const planRequired = (text: string) => new DomainError('forbidden', text, errorCodes.posterPlanRequired);
  switch (standing.reason) {
    case 'suspended':
      return serverSuspendedError();
    case 'no_plan':
      return planRequired(botSettingsTexts.posterNoPlan);
    case 'unverified':
      return planRequired(botSettingsTexts.posterUnverifiedOwner);
    case 'other_plan':
      return planRequired(botSettingsTexts.posterOtherPlan);
    case 'plan_ended':
      return planRequired(botSettingsTexts.posterPlanEnded);
    case 'beyond_limit':
      return new DomainError(
        'forbidden',
        botSettingsTexts.posterServerLimit(standing.servers),
        errorCodes.posterServerLimit,
      );
  }
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

const GRACE_MS = 60_000;
const unknownPost = () => new DomainError('not_found', botSettingsTexts.unknownPost, errorCodes.unknownPost);

/** A re-post shows what the original showed; another server's post is as unknown as a missing one. */
export function contentToRepost(original: VideoPostState, guildId: string): VideoContent {
  if (original.guildId !== guildId || original.content === null) throw unknownPost();
  return original.content;
}

export const videoPostDecider: Decider<VideoPostCommand, VideoPostState, VideoPostEvent> = {
  ...videoPostFold,
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
        // the repeat's bounds are the route schema's; how far ahead depends on now
        const { postId, repeatMinutes, guildId, channelId, url, title, description, imageUrl, repostOf, scheduledBy } =
          command;
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

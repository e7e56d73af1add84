import type { EventOf } from '@vip/contracts';
import type { Fold } from '../core/decider.ts';

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

export function evolveVideoPost(state: VideoPostState, event: VideoPostEvent): VideoPostState {
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
}

/** A repeating post gains an event each time it is sent, for as long as it runs: read from a snapshot. Version 1: the state above. */
export const videoPostFold: Fold<VideoPostState, VideoPostEvent> = {
  initialState: initialVideoPostState,
  evolve: evolveVideoPost,
  reading: { kind: 'snapshot', version: 1 },
};

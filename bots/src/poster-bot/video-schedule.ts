import type { Logger } from '@vip/platform';
import type { Client } from 'discord.js';
import type { BotPart } from '../shared/bot-part.ts';
import { ownsGuild } from '../shared/discord-client.ts';
import { DueTimers } from '../shared/due-timers.ts';
import type { EventFeed } from '../shared/event-feed.ts';
import { refill, type SnapshotPart } from '../shared/fold-checkpoint.ts';
import { type ProductApi, ProductApiError } from '../shared/product-api.ts';
import { type VideoContent, videoMessage } from './video-message.ts';

export interface VideoPost extends VideoContent {
  postId: string;
  guildId: string;
  channelId: string;
  /** The post a /videos Re-post copied; null for a new one. */
  repostOf: string | null;
  firstAt: number;
  repeatMinutes: number | null;
  scheduledBy: string;
  scheduledAt: number;
  /** The slot the last post filled (VideoPosted.dueAt); null before the first post. */
  lastDueAt: number | null;
  /** When it was last sent; null before the first post. */
  lastPostedAt: number | null;
  timesPosted: number;
  cancelled: boolean;
}

/** The next slot nobody filled yet; null once a one-off post was sent. */
export function nextSlot(post: VideoPost): number | null {
  if (post.lastDueAt === null) return post.firstAt;
  if (post.repeatMinutes === null) return null;
  return post.lastDueAt + post.repeatMinutes * 60_000;
}

/**
 * The slot to fill now, if any: the latest one that has come. After downtime that is the
 * most recent missed slot alone, so the channel gets one post, never a burst of them.
 */
export function slotDue(post: VideoPost, now: number): number | null {
  const next = nextSlot(post);
  if (next === null || next > now || post.cancelled) return null;
  if (post.repeatMinutes === null) return next;
  const every = post.repeatMinutes * 60_000;
  return post.firstAt + Math.floor((now - post.firstAt) / every) * every;
}

export const isActive = (post: VideoPost) => !post.cancelled && nextSlot(post) !== null;

/** The library's order: what happened last (scheduled, or sent) first. */
const lastActivity = (post: VideoPost) => Math.max(post.scheduledAt, post.lastPostedAt ?? 0);

/**
 * The poster bot's scheduled posts, folded from the log, and the timers that send them. Each
 * post sent is reported, and becomes a VideoPosted event the panel and the audit trail see.
 */
export class VideoSchedule implements BotPart<Client>, SnapshotPart<[string, VideoPost][]> {
  readonly name = 'schedule';
  readonly posts = new Map<string, VideoPost>();
  private readonly timers: DueTimers<string>;
  client: Client | undefined;

  constructor(
    private readonly api: ProductApi,
    private readonly logger: Logger,
  ) {
    this.timers = new DueTimers((postId) => this.send(postId), logger, 'video-posts');
  }

  attach(feed: EventFeed): void {
    feed.on(['VideoPostScheduled', 'VideoPosted', 'VideoPostCancelled'], (event) => {
      const { postId } = event.data;
      switch (event.type) {
        case 'VideoPostScheduled': {
          const { guildId, channelId, url, title, description, imageUrl, repostOf } = event.data;
          const { firstAt, repeatMinutes, scheduledBy, scheduledAt } = event.data;
          // a feed taken up again may hand an event out twice: the first fold stands
          if (this.posts.has(postId)) break;
          this.posts.set(postId, {
            postId,
            guildId,
            channelId,
            url,
            title,
            description,
            imageUrl,
            repostOf,
            firstAt: Date.parse(firstAt),
            repeatMinutes,
            scheduledBy,
            scheduledAt: Date.parse(scheduledAt),
            lastDueAt: null,
            lastPostedAt: null,
            timesPosted: 0,
            cancelled: false,
          });
          break;
        }
        case 'VideoPosted': {
          const post = this.posts.get(postId);
          if (!post) break;
          // the bot already moved on when it sent the post; the event only confirms it
          post.lastDueAt = Math.max(post.lastDueAt ?? -Infinity, Date.parse(event.data.dueAt));
          post.lastPostedAt = Math.max(post.lastPostedAt ?? -Infinity, Date.parse(event.data.postedAt));
          post.timesPosted++;
          break;
        }
        case 'VideoPostCancelled': {
          const post = this.posts.get(postId);
          if (post) post.cancelled = true;
          break;
        }
      }
      this.reschedule(postId);
    });
  }

  saveState(): [string, VideoPost][] {
    return [...this.posts];
  }

  restoreState(state: [string, VideoPost][]): void {
    refill(this.posts, state);
    for (const postId of this.posts.keys()) this.reschedule(postId);
  }

  private reschedule(postId: string): void {
    const post = this.posts.get(postId);
    const next = post && !post.cancelled ? nextSlot(post) : null;
    if (next === null) this.timers.delete(postId);
    else this.timers.set(postId, next);
  }

  /** The active posts of one server, soonest first. */
  activeIn(guildId: string): VideoPost[] {
    return [...this.posts.values()]
      .filter((post) => post.guildId === guildId && isActive(post))
      .sort((a, b) => nextSlot(a)! - nextSlot(b)!);
  }

  /** Every post of one server, sent, scheduled or cancelled: the /videos library, latest first. */
  libraryOf(guildId: string): VideoPost[] {
    return [...this.posts.values()]
      .filter((post) => post.guildId === guildId)
      .sort((a, b) => lastActivity(b) - lastActivity(a));
  }

  start(client: Client): void {
    this.client = client;
    this.timers.start();
  }

  stop(): void {
    this.timers.stop();
  }

  private async send(postId: string): Promise<void> {
    const post = this.posts.get(postId);
    const client = this.client;
    if (!post || !client) return;
    const dueAt = slotDue(post, Date.now());
    if (dueAt === null) return this.reschedule(postId);
    if (!ownsGuild(client, post.guildId)) return;
    const log = this.logger.child({ postId, guildId: post.guildId, channelId: post.channelId });
    // the slot counts as filled from here on, even if Discord refuses: a broken channel must not retry into a burst
    post.lastDueAt = dueAt;
    this.reschedule(postId);
    if (!(await this.stillCovered(post, log))) return;
    let messageId: string;
    try {
      const channel = await client.channels.fetch(post.channelId);
      if (!channel?.isSendable()) throw new Error('the channel is gone or not a text channel');
      messageId = (await channel.send(videoMessage(post))).id;
      post.lastPostedAt = Date.now();
    } catch (error) {
      log.warn({ err: error, dueAt: new Date(dueAt).toISOString() }, 'video post failed');
      return;
    }
    log.info({ dueAt: new Date(dueAt).toISOString(), messageId }, 'video posted');
    try {
      await this.api.videoPosted(postId, {
        guildId: post.guildId,
        channelId: post.channelId,
        messageId,
        dueAt: new Date(dueAt).toISOString(),
      });
    } catch (error) {
      log.error({ err: error }, 'could not record the video post');
    }
  }

  /**
   * The product decides whether the server's plan still covers the poster bot (it may have
   * ended since the post was scheduled); the slot is skipped, not sent, when it does not.
   */
  private async stillCovered(post: VideoPost, log: Logger): Promise<boolean> {
    try {
      await this.api.videoDue(post.postId, { guildId: post.guildId });
      return true;
    } catch (error) {
      if (error instanceof ProductApiError && error.status < 500)
        log.info(
          { code: error.code, reason: error.message },
          'video post skipped: the plan does not cover this server',
        );
      else log.warn({ err: error }, 'video post skipped: the product did not answer');
      return false;
    }
  }
}

import type { Logger } from '@vip/platform';
import type { BotsConfig } from '../config.ts';
import type { EventFeed } from '../shared/event-feed.ts';
import type { ProductApi } from '../shared/product-api.ts';
import type { VideoSchedule } from './video-schedule.ts';

/** What the poster bot's commands share. */
export interface PosterBotContext {
  config: BotsConfig;
  api: ProductApi;
  schedule: VideoSchedule;
  feed: EventFeed;
  logger: Logger;
}

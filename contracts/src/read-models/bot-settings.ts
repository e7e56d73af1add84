/** The read models the projections keep of the bots' settings, for the panel and audits. */
export const botReadModels = { botSettings: 'bot-settings', videoPosts: 'video-posts' } as const;

export interface BotSettingsDocument {
  _id: string;
  vipRoleId: string | null;
  logChannelId: string | null;
  autoPing: { channelId: string; roleId: string | null; hours: number; startedAt: string } | null;
}

export interface VideoPostDocument {
  _id: string;
  guildId: string;
  channelId: string;
  url: string;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
  /** The post this one re-posted, null for a new one. */
  repostOf: string | null;
  firstAt: string;
  repeatMinutes: number | null;
  scheduledBy: string;
  scheduledAt: string;
  status: 'scheduled' | 'done' | 'cancelled';
  posts: number;
  lastDueAt: string | null;
  lastPostedAt: string | null;
}

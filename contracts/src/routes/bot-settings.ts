import type { PlainRoute } from './route.ts';

/** Where each route of api/bot-settings.ts is and who may call it (its schemas and answer are there). */
export const botSettingsPaths = {
  vipRole: { method: 'POST', path: '/api/bot/guilds/:id/vip-role', auth: 'bot', bot: 'key-bot' },
  logChannel: { method: 'POST', path: '/api/bot/guilds/:id/log-channel', auth: 'bot', bot: 'key-bot' },
  autoPing: { method: 'POST', path: '/api/bot/guilds/:id/auto-ping', auth: 'bot', bot: 'key-bot' },
  stopAutoPing: { method: 'POST', path: '/api/bot/guilds/:id/auto-ping/stop', auth: 'bot', bot: 'key-bot' },
  scheduleVideo: { method: 'POST', path: '/api/bot/videos', auth: 'bot', bot: 'poster-bot' },
  cancelVideo: { method: 'POST', path: '/api/bot/videos/:postId/cancel', auth: 'bot', bot: 'poster-bot' },
  repostVideo: { method: 'POST', path: '/api/bot/videos/:postId/repost', auth: 'bot', bot: 'poster-bot' },
  videoDue: { method: 'POST', path: '/api/bot/videos/:postId/due', auth: 'bot', bot: 'poster-bot' },
  videoPosted: { method: 'POST', path: '/api/bot/videos/:postId/posted', auth: 'bot', bot: 'poster-bot' },
} as const satisfies Record<string, PlainRoute>;

import type { PlainRoute } from './route.ts';

/** Where each route of api/vip-role-problems.ts is and who may call it (its schemas and answer are there). */
export const vipRoleProblemsPaths = {
  failed: { method: 'POST', path: '/api/bot/guilds/:id/vip-role/failed', auth: 'bot', bot: 'key-bot' },
  fixed: { method: 'POST', path: '/api/bot/guilds/:id/vip-role/fixed', auth: 'bot', bot: 'key-bot' },
} as const satisfies Record<string, PlainRoute>;

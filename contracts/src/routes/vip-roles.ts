import type { PlainRoute } from './route.ts';

/** Where each route of api/vip-roles.ts is and who may call it (its schemas and answer are there). */
export const vipRolesPaths = {
  redeemKey: { method: 'POST', path: '/api/bot/keys/redeem', auth: 'bot', bot: 'key-bot' },
  roleRemoved: { method: 'POST', path: '/api/bot/vip/removed', auth: 'bot', bot: 'key-bot' },
  failed: { method: 'POST', path: '/api/bot/guilds/:id/vip-role/failed', auth: 'bot', bot: 'key-bot' },
  fixed: { method: 'POST', path: '/api/bot/guilds/:id/vip-role/fixed', auth: 'bot', bot: 'key-bot' },
} as const satisfies Record<string, PlainRoute>;

import type { PlainRoute } from './route.ts';

/** Where each route of api/whitelist.ts is and who may call it (its schemas and answer are there). */
export const whitelistPaths = {
  list: { method: 'GET', path: '/api/admin/whitelist', auth: 'admin' },
  add: { method: 'POST', path: '/api/admin/whitelist', auth: 'admin' },
  remove: { method: 'POST', path: '/api/admin/blacklist', auth: 'admin' },
  roleRemoved: { method: 'POST', path: '/api/bot/whitelist/removed', auth: 'bot', bot: 'key-bot' },
} as const satisfies Record<string, PlainRoute>;

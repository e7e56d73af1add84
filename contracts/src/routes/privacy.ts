import type { PlainRoute } from './route.ts';

/** Where each route of api/privacy.ts is and who may call it (its schemas and answer are there). */
export const privacyPaths = {
  eraseMember: { method: 'POST', path: '/api/admin/privacy/members/:discordUserId/erase', auth: 'admin' },
  exportMember: { method: 'GET', path: '/api/admin/privacy/members/:discordUserId/export', auth: 'admin' },
} as const satisfies Record<string, PlainRoute>;

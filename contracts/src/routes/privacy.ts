import type { PlainRoute } from './route.ts';

/** Where each route of api/privacy.ts is and who may call it (its schemas and answer are there). */
export const privacyPaths = {
  eraseMember: { method: 'POST', path: '/api/admin/privacy/members/:discordUserId/erase', auth: 'admin' },
  exportMember: { method: 'GET', path: '/api/admin/privacy/members/:discordUserId/export', auth: 'admin' },
  deleteOwnAccount: { method: 'DELETE', path: '/api/user/me', auth: 'signedIn' },
  exportOwn: { method: 'GET', path: '/api/user/me/export', auth: 'signedIn' },
  eraseUser: { method: 'POST', path: '/api/admin/privacy/users/:id/erase', auth: 'admin' },
} as const satisfies Record<string, PlainRoute>;

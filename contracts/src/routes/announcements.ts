import type { PlainRoute } from './route.ts';

/** Where each route of api/announcements.ts is and who may call it (its schemas and answer are there). */
export const announcementsPaths = {
  list: { method: 'GET', path: '/api/announcements', auth: 'signedIn' },
  post: { method: 'POST', path: '/api/announcements', auth: 'admin' },
  remove: { method: 'DELETE', path: '/api/announcements/:id', auth: 'admin' },
} as const satisfies Record<string, PlainRoute>;

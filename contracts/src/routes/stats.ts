import type { PlainRoute } from './route.ts';

/** Where each route of api/stats.ts is and who may call it (its schemas and answer are there). */
export const statsPaths = {
  admin: { method: 'GET', path: '/api/admin/stats', auth: 'admin' },
  public: { method: 'GET', path: '/api/stats/public', auth: 'anonymous' },
} as const satisfies Record<string, PlainRoute>;

import type { PlainRoute } from './route.ts';

/** Where each route of api/suspensions.ts is and who may call it (its schemas and answer are there). */
export const suspensionsPaths = {
  list: { method: 'GET', path: '/api/admin/suspensions', auth: 'admin' },
  suspend: { method: 'POST', path: '/api/admin/servers/:id/suspend', auth: 'admin' },
  lift: { method: 'POST', path: '/api/admin/servers/:id/lift-suspension', auth: 'admin' },
} as const satisfies Record<string, PlainRoute>;

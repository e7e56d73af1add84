import type { PlainRoute } from './route.ts';

/** Where each route of api/audit-workbench.ts is and who may call it (its schemas and answer are there). */
export const auditWorkbenchPaths = {
  export: { method: 'GET', path: '/api/admin/audit/export', auth: 'admin' },
  stateAsOf: { method: 'GET', path: '/api/admin/audit/state/:position', auth: 'admin' },
} as const satisfies Record<string, PlainRoute>;

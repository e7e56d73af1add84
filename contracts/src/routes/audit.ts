import type { PlainRoute } from './route.ts';

/** Where each route of api/audit.ts is and who may call it (its schemas and answer are there). */
export const auditPaths = {
  log: { method: 'GET', path: '/api/admin/audit', auth: 'admin' },
  keyLife: { method: 'GET', path: '/api/admin/audit/keys/:keyDigest', auth: 'admin' },
  serverSettings: { method: 'GET', path: '/api/admin/audit/servers/:guildId/settings', auth: 'admin' },
} as const satisfies Record<string, PlainRoute>;

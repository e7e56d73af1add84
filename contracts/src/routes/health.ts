import type { PlainRoute } from './route.ts';

/** Where each route of api/health.ts is and who may call it (its schemas and answer are there). */
export const healthPaths = {
  health: { method: 'GET', path: '/api/health', auth: 'anonymous' },
  ready: { method: 'GET', path: '/api/ready', auth: 'anonymous' },
  openApi: { method: 'GET', path: '/api/openapi.json', auth: 'anonymous' },
} as const satisfies Record<string, PlainRoute>;

import type { PlainRoute } from './route.ts';

/** Where each route of api/site.ts is and who may call it (its schemas and answer are there). */
export const sitePaths = {
  settings: { method: 'GET', path: '/api/site', auth: 'anonymous' },
} as const satisfies Record<string, PlainRoute>;

import type { PlainRoute } from './route.ts';

/** Where each route of api/analytics.ts is and who may call it (its schemas and answer are there). */
export const analyticsPaths = {
  ownServers: { method: 'GET', path: '/api/user/analytics', auth: 'signedIn' },
} as const satisfies Record<string, PlainRoute>;

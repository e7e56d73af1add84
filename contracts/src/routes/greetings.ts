import type { PlainRoute } from './route.ts';

/** Where each route of api/greetings.ts is and who may call it (its schemas and answer are there). */
export const greetingsPaths = {
  settings: { method: 'GET', path: '/api/greetings/settings/:serverId', auth: 'owner' },
  save: { method: 'POST', path: '/api/greetings/settings/:serverId', auth: 'owner' },
  remove: { method: 'DELETE', path: '/api/greetings/settings/:serverId', auth: 'owner' },
  list: { method: 'GET', path: '/api/greetings/list', auth: 'signedIn' },
} as const satisfies Record<string, PlainRoute>;

import type { PlainRoute } from './route.ts';

/** Where each route of api/verification-message.ts is and who may call it (its schemas and answer are there). */
export const verificationMessagePaths = {
  get: { method: 'GET', path: '/api/verification-message/:serverId', auth: 'owner' },
  save: { method: 'POST', path: '/api/verification-message/:serverId', auth: 'owner' },
  reset: { method: 'DELETE', path: '/api/verification-message/:serverId', auth: 'owner' },
} as const satisfies Record<string, PlainRoute>;

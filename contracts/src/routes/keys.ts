import type { PlainRoute } from './route.ts';

/** Where each route of api/keys.ts is and who may call it (its schemas and answer are there). */
export const keysPaths = {
  generateHash: { method: 'POST', path: '/api/hash/generate', auth: 'anonymous' },
  checkHash: { method: 'GET', path: '/api/hash/check/:hash', auth: 'anonymous' },
  validateHash: { method: 'GET', path: '/api/hash/validate/:hash', auth: 'anonymous' },
  generateKey: { method: 'POST', path: '/api/keys/generateKey', auth: 'anonymous' },
  trackVisitor: { method: 'POST', path: '/api/keys/trackVisitor', auth: 'anonymous' },
  trackIpVisit: { method: 'POST', path: '/api/trackIpVisit', auth: 'anonymous' },
  generationCount: { method: 'GET', path: '/api/getGenerationCount', auth: 'anonymous' },
} as const satisfies Record<string, PlainRoute>;

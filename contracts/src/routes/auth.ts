import type { PlainRoute } from './route.ts';

/** Where each route of api/auth.ts is and who may call it (its schemas and answer are there). */
export const authPaths = {
  login: { method: 'POST', path: '/api/auth/login', auth: 'anonymous' },
  logout: { method: 'POST', path: '/api/auth/logout', auth: 'signedIn' },
  userInfo: { method: 'GET', path: '/api/user/info', auth: 'signedIn' },
  resetPassword: { method: 'POST', path: '/api/user/reset-password', auth: 'signedIn' },
} as const satisfies Record<string, PlainRoute>;

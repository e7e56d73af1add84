import type { PlainRoute } from './route.ts';

/** Where each route of api/subscriptions.ts is and who may call it (its schemas and answer are there). */
export const subscriptionsPaths = {
  createSubscriber: { method: 'POST', path: '/api/admin/subscribers', auth: 'admin' },
  extend: { method: 'POST', path: '/api/admin/subscribers/:id/extend', auth: 'admin' },
  end: { method: 'POST', path: '/api/admin/subscribers/:id/end', auth: 'admin' },
  resetPassword: { method: 'POST', path: '/api/admin/subscribers/:id/reset-password', auth: 'admin' },
  startPlan: { method: 'POST', path: '/api/admin/subscribers/:id/plan', auth: 'admin' },
  subscribers: { method: 'GET', path: '/api/admin/subscribers', auth: 'admin' },
  userSubscription: { method: 'GET', path: '/api/user/subscription', auth: 'signedIn' },
  userProfile: { method: 'GET', path: '/api/user/:id', auth: 'signedIn' },
} as const satisfies Record<string, PlainRoute>;

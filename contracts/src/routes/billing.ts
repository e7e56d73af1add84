import type { PlainRoute } from './route.ts';

/** Where each route of api/billing.ts is and who may call it (its schemas and answer are there). */
export const billingPaths = {
  checkout: { method: 'POST', path: '/api/billing/checkout', auth: 'signedIn' },
  portal: { method: 'POST', path: '/api/billing/portal', auth: 'signedIn' },
  // Stripe calls it; the Stripe-Signature header over the raw body is its proof, not a session
  webhook: { method: 'POST', path: '/api/billing/webhook', auth: 'anonymous' },
} as const satisfies Record<string, PlainRoute>;

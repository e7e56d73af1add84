import type { PlainRoute } from './route.ts';

/** Where each route of api/sponsors.ts is and who may call it (its schemas and answer are there). */
export const sponsorsPaths = {
  serverSponsor: { method: 'GET', path: '/api/server/:id/sponsor', auth: 'owner' },
  setServerSponsor: { method: 'POST', path: '/api/server/:id/sponsor', auth: 'owner' },
  listServerSponsors: { method: 'GET', path: '/api/admin/sponsors', auth: 'admin' },
  clearServerSponsor: { method: 'DELETE', path: '/api/server/:id/sponsor', auth: 'owner' },
} as const satisfies Record<string, PlainRoute>;

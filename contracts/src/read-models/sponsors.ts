/** Read models of the sponsor step (decisions.md §3). */
export const sponsorReadModels = {
  serverSponsors: 'server_sponsors',
} as const;

/** A server's own sponsor link, as its owner set it; no document: none of its own. */
export interface ServerSponsorDocument {
  _id: string;
  sponsorUrl: string;
  setAt: string;
}

import type { SponsorRequest } from '@vip/contracts';
import { sponsorsPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admins' list shares the Server tag under one id, so that any change refreshes it. */
const LIST = { type: 'Server', id: 'sponsor-links' } as const;

/** A server's own sponsor link (decisions.md §3): the owner's setting, the admins' list. */
export const sponsorsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getServerSponsor: build.query({
      ...routeEndpoint(sponsorsPaths.serverSponsor, (serverId: string) => ({ params: { id: serverId } })),
      providesTags: (_result, _error, serverId) => [{ type: 'Server', id: serverId }],
    }),
    setServerSponsor: build.mutation({
      ...routeEndpoint(
        sponsorsPaths.setServerSponsor,
        ({ serverId, sponsorUrl }: { serverId: string } & SponsorRequest) => ({
          params: { id: serverId },
          body: { sponsorUrl },
        }),
      ),
      // the card's key-page preview (GET /api/server/:id) says the new link too
      invalidatesTags: (_result, _error, { serverId }) => [{ type: 'Server', id: serverId }, LIST],
    }),
    clearServerSponsor: build.mutation({
      ...routeEndpoint(sponsorsPaths.clearServerSponsor, (serverId: string) => ({ params: { id: serverId } })),
      invalidatesTags: (_result, _error, serverId) => [{ type: 'Server', id: serverId }, LIST],
    }),
    listServerSponsors: build.query({
      ...routeEndpoint(sponsorsPaths.listServerSponsors, undefined, (answer) => answer.sponsors),
      providesTags: [LIST],
    }),
  }),
});

export const {
  useGetServerSponsorQuery,
  useSetServerSponsorMutation,
  useClearServerSponsorMutation,
  useListServerSponsorsQuery,
} = sponsorsApi;

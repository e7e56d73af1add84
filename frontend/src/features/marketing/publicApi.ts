import { healthPaths, serversPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** Anonymous figures through the store: the status page, and the servers list of the admin statistics (the landing page reads its own without Redux). */
export const publicApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Servers the bot is in, largest first: every one for an admin (statistics), the landing page's five otherwise. */
    getGuilds: build.query({
      ...routeEndpoint(serversPaths.debugGuilds, undefined, (answer) => answer.guilds),
      providesTags: ['Guilds'],
    }),
    /** Whether the product is up; with the details (adapters, head, lags) when the caller is an admin. */
    getHealth: build.query({
      ...routeEndpoint(healthPaths.health),
      providesTags: ['Health'],
    }),
  }),
});

export const { useGetGuildsQuery, useGetHealthQuery } = publicApi;

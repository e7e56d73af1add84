import type { GuildDebugListResponse, HealthResponse, PublicHealthResponse } from '@vip/contracts';
import { healthPaths, serversPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** Anonymous figures through the store: the status page, and the servers list of the admin statistics (the landing page reads its own without Redux). */
export const publicApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Servers the bot is in, largest first: every one for an admin (statistics), the landing page's five otherwise. */
    getGuilds: build.query<GuildDebugListResponse['guilds'], void>({
      query: () => requestTo(serversPaths.debugGuilds),
      transformResponse: (response: GuildDebugListResponse) => response.guilds,
      providesTags: ['Guilds'],
    }),
    /** Whether the product is up; with the details (adapters, head, lags) when the caller is an admin. */
    getHealth: build.query<HealthResponse | PublicHealthResponse, void>({
      query: () => requestTo(healthPaths.health),
      providesTags: ['Health'],
    }),
  }),
});

export const { useGetGuildsQuery, useGetHealthQuery } = publicApi;

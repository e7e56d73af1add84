import type { GuildDebugListResponse, HealthResponse } from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** Anonymous figures through the store: the status page, and the servers list of the admin statistics (the landing page reads its own without Redux). */
export const publicApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Servers the bot is in, largest first (landing strip, admin statistics). */
    getGuilds: build.query<GuildDebugListResponse['guilds'], void>({
      query: () => '/server/debug/guilds',
      transformResponse: (response: GuildDebugListResponse) => response.guilds,
      providesTags: ['Guilds'],
    }),
    getHealth: build.query<HealthResponse, void>({
      query: () => '/health',
      providesTags: ['Health'],
    }),
  }),
});

export const { useGetGuildsQuery, useGetHealthQuery } = publicApi;

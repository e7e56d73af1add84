import type { GuildDebugListResponse, HealthResponse, PublicStatsResponse } from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The anonymous figures of the landing and status pages. */
export const publicApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Servers the bot is in, largest first (landing strip, admin statistics). */
    getGuilds: build.query<GuildDebugListResponse['guilds'], void>({
      query: () => '/server/debug/guilds',
      transformResponse: (response: GuildDebugListResponse) => response.guilds,
      providesTags: ['Guilds'],
    }),
    getPublicStats: build.query<PublicStatsResponse, void>({
      query: () => '/stats/public',
      providesTags: ['PublicStats'],
    }),
    getHealth: build.query<HealthResponse, void>({
      query: () => '/health',
      providesTags: ['Health'],
    }),
  }),
});

export const { useGetGuildsQuery, useGetPublicStatsQuery, useGetHealthQuery } = publicApi;

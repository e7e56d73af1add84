import type { AdminStatsResponse } from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin Statistics screen (decisions.md §2: every figure comes from the projections). */
export const statsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStatsResponse, void>({
      query: () => '/admin/stats',
      providesTags: ['AdminStats'],
    }),
  }),
});

export const { useGetAdminStatsQuery } = statsApi;

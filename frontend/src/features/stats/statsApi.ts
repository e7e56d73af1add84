import { statsPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin Statistics screen (decisions.md §2: every figure comes from the projections). */
export const statsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query({
      ...routeEndpoint(statsPaths.admin),
      providesTags: ['AdminStats'],
    }),
  }),
});

export const { useGetAdminStatsQuery } = statsApi;

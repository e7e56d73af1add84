import { analyticsPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The owner's per-server analytics (decisions.md §11: plans that include them). */
export const analyticsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query({
      ...routeEndpoint(analyticsPaths.ownServers),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;

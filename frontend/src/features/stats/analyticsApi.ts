import type { AnalyticsResponse } from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The owner's per-server analytics (decisions.md §11: plans that include them). */
export const analyticsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<AnalyticsResponse, void>({
      query: () => '/user/analytics',
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;

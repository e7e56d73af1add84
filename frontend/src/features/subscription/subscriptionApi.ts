import type { ResetPasswordRequest, ResetPasswordResponse, SubscriptionPanelView } from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The signed-in subscriber's plan (spec §2 Subscription tab, decisions.md §4). */
export const subscriptionApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionPanelView, void>({
      query: () => '/user/subscription',
      providesTags: ['Subscription'],
    }),
    // the answer is shown once and must not linger in the request cache: see SubscriptionTab
    resetPanelPassword: build.mutation<ResetPasswordResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/user/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useGetSubscriptionQuery, useResetPanelPasswordMutation } = subscriptionApi;

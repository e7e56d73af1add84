import type { ResetPasswordRequest, ResetPasswordResponse, SubscriptionPanelView } from '@vip/contracts';
import { authPaths, subscriptionsPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The signed-in subscriber's plan (spec §2 Subscription tab, decisions.md §4). */
export const subscriptionApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionPanelView, void>({
      query: () => requestTo(subscriptionsPaths.userSubscription),
      providesTags: ['Subscription'],
    }),
    // the answer is shown once and must not linger in the request cache: see SubscriptionTab
    resetPanelPassword: build.mutation<ResetPasswordResponse, ResetPasswordRequest>({
      query: (body) => requestTo(authPaths.resetPassword, { body }),
    }),
  }),
});

export const { useGetSubscriptionQuery, useResetPanelPasswordMutation } = subscriptionApi;

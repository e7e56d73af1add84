import type {
  AdminActionResponse,
  AdminPasswordResetResponse,
  ChangeSubscriptionResponse,
  CreateSubscriberRequest,
  CreateSubscriberResponse,
  EndSubscriptionRequest,
  ExtendSubscriptionRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  StartPlanRequest,
  SubscribersResponse,
  SubscriptionPanelView,
} from '@vip/contracts';
import { authPaths, discordPaths, subscriptionsPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/**
 * Subscriptions, both sides: the signed-in subscriber's plan (spec §2 Subscription tab,
 * decisions.md §4), and the admin's subscriber accounts and plans with the admin's side of
 * their Discord identity (decisions.md §9: unlink an account, release a claim, each with a reason).
 */
export const subscriptionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionPanelView, void>({
      query: () => requestTo(subscriptionsPaths.userSubscription),
      providesTags: ['Subscription'],
    }),
    // the answer is shown once and must not linger in the request cache: see SubscriptionTab
    resetPanelPassword: build.mutation<ResetPasswordResponse, ResetPasswordRequest>({
      query: (body) => requestTo(authPaths.resetPassword, { body }),
    }),
    /** One page, newest first: the first (no `after`, with the accounts without a plan) or the one after a page's `nextAfter`. */
    getSubscribers: build.query<SubscribersResponse, { search?: string; after?: string }>({
      query: ({ search, after }) => requestTo(subscriptionsPaths.subscribers, { query: { search, after } }),
      providesTags: ['Subscribers'],
    }),
    startPlan: build.mutation<ChangeSubscriptionResponse, { id: string } & StartPlanRequest>({
      query: ({ id, ...body }) => requestTo(subscriptionsPaths.startPlan, { params: { id }, body }),
      invalidatesTags: (result) => (result ? ['Subscribers', 'AdminStats'] : []),
    }),
    // the answer holds the new password, shown once: see SubscribersView
    resetSubscriberPassword: build.mutation<AdminPasswordResetResponse, string>({
      query: (id) => requestTo(subscriptionsPaths.resetPassword, { params: { id } }),
      invalidatesTags: ['Audit'],
    }),
    // the answer may hold a generated password, shown once: see CreateSubscriberForm
    createSubscriber: build.mutation<CreateSubscriberResponse, CreateSubscriberRequest>({
      query: (body) => requestTo(subscriptionsPaths.createSubscriber, { body }),
      invalidatesTags: ['Subscribers', 'AdminStats'],
    }),
    extendSubscription: build.mutation<ChangeSubscriptionResponse, { id: string } & ExtendSubscriptionRequest>({
      query: ({ id, ...body }) => requestTo(subscriptionsPaths.extend, { params: { id }, body }),
      invalidatesTags: ['Subscribers'],
    }),
    endSubscription: build.mutation<ChangeSubscriptionResponse, { id: string } & EndSubscriptionRequest>({
      query: ({ id, ...body }) => requestTo(subscriptionsPaths.end, { params: { id }, body }),
      invalidatesTags: ['Subscribers'],
    }),
    unlinkDiscord: build.mutation<AdminActionResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => requestTo(discordPaths.unlink, { params: { id }, body: { reason } }),
      invalidatesTags: ['Subscribers', 'Audit'],
    }),
    releaseClaim: build.mutation<AdminActionResponse, { serverId: string; reason: string }>({
      query: ({ serverId, reason }) => requestTo(discordPaths.releaseClaim, { params: { serverId }, body: { reason } }),
      invalidatesTags: ['Subscribers', 'Audit'],
    }),
  }),
});

export const {
  useGetSubscriptionQuery,
  useResetPanelPasswordMutation,
  useGetSubscribersQuery,
  useCreateSubscriberMutation,
  useExtendSubscriptionMutation,
  useEndSubscriptionMutation,
  useResetSubscriberPasswordMutation,
  useStartPlanMutation,
  useUnlinkDiscordMutation,
  useReleaseClaimMutation,
} = subscriptionsApi;

import type {
  CreateSubscriberRequest,
  EndSubscriptionRequest,
  ExtendSubscriptionRequest,
  ResetPasswordRequest,
  StartPlanRequest,
} from '@vip/contracts';
import { authPaths, discordPaths, subscriptionsPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/**
 * Subscriptions, both sides: the signed-in subscriber's plan (spec §2 Subscription tab,
 * decisions.md §4), and the admin's subscriber accounts and plans with the admin's side of
 * their Discord identity (decisions.md §9: unlink an account, release a claim, each with a reason).
 */
export const subscriptionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query({
      ...routeEndpoint(subscriptionsPaths.userSubscription),
      providesTags: ['Subscription'],
    }),
    // the answer is shown once and must not linger in the request cache: see SubscriptionTab
    resetPanelPassword: build.mutation({
      ...routeEndpoint(authPaths.resetPassword, (body: ResetPasswordRequest) => ({ body })),
    }),
    /** One page, newest first: the first (no `after`, with the accounts without a plan) or the one after a page's `nextAfter`. */
    getSubscribers: build.query({
      ...routeEndpoint(subscriptionsPaths.subscribers, ({ search, after }: { search?: string; after?: string }) => ({
        query: { search, after },
      })),
      providesTags: ['Subscribers'],
    }),
    startPlan: build.mutation({
      ...routeEndpoint(subscriptionsPaths.startPlan, ({ id, ...body }: { id: string } & StartPlanRequest) => ({
        params: { id },
        body,
      })),
      invalidatesTags: (result) => (result ? ['Subscribers', 'AdminStats'] : []),
    }),
    // the answer holds the new password, shown once: see SubscribersView
    resetSubscriberPassword: build.mutation({
      ...routeEndpoint(subscriptionsPaths.resetPassword, (id: string) => ({ params: { id } })),
      invalidatesTags: ['Audit'],
    }),
    // the answer may hold a generated password, shown once: see CreateSubscriberForm
    createSubscriber: build.mutation({
      ...routeEndpoint(subscriptionsPaths.createSubscriber, (body: CreateSubscriberRequest) => ({ body })),
      invalidatesTags: ['Subscribers', 'AdminStats'],
    }),
    extendSubscription: build.mutation({
      ...routeEndpoint(subscriptionsPaths.extend, ({ id, ...body }: { id: string } & ExtendSubscriptionRequest) => ({
        params: { id },
        body,
      })),
      invalidatesTags: ['Subscribers'],
    }),
    endSubscription: build.mutation({
      ...routeEndpoint(subscriptionsPaths.end, ({ id, ...body }: { id: string } & EndSubscriptionRequest) => ({
        params: { id },
        body,
      })),
      invalidatesTags: ['Subscribers'],
    }),
    unlinkDiscord: build.mutation({
      ...routeEndpoint(discordPaths.unlink, ({ id, reason }: { id: string; reason: string }) => ({
        params: { id },
        body: { reason },
      })),
      invalidatesTags: ['Subscribers', 'Audit'],
    }),
    releaseClaim: build.mutation({
      ...routeEndpoint(discordPaths.releaseClaim, ({ serverId, reason }: { serverId: string; reason: string }) => ({
        params: { serverId },
        body: { reason },
      })),
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

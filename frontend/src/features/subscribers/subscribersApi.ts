import type {
  ChangeSubscriptionResponse,
  CreateSubscriberRequest,
  CreateSubscriberResponse,
  ExtendSubscriptionRequest,
  SubscriberListItem,
  SubscribersResponse,
} from '@vip/contracts';
import { subscriptionsPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's subscriber accounts and plans. */
export const subscribersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSubscribers: build.query<SubscriberListItem[], void>({
      query: () => requestTo(subscriptionsPaths.subscribers),
      transformResponse: (response: SubscribersResponse) => response.subscribers,
      providesTags: ['Subscribers'],
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
    endSubscription: build.mutation<ChangeSubscriptionResponse, string>({
      query: (id) => requestTo(subscriptionsPaths.end, { params: { id } }),
      invalidatesTags: ['Subscribers'],
    }),
  }),
});

export const {
  useGetSubscribersQuery,
  useCreateSubscriberMutation,
  useExtendSubscriptionMutation,
  useEndSubscriptionMutation,
} = subscribersApi;

import type {
  ChangeSubscriptionResponse,
  CreateSubscriberRequest,
  CreateSubscriberResponse,
  ExtendSubscriptionRequest,
  SubscriberListItem,
  SubscribersResponse,
} from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's subscriber accounts and plans. */
export const subscribersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSubscribers: build.query<SubscriberListItem[], void>({
      query: () => '/admin/subscribers',
      transformResponse: (response: SubscribersResponse) => response.subscribers,
      providesTags: ['Subscribers'],
    }),
    // the answer may hold a generated password, shown once: see CreateSubscriberForm
    createSubscriber: build.mutation<CreateSubscriberResponse, CreateSubscriberRequest>({
      query: (body) => ({ url: '/admin/subscribers', method: 'POST', body }),
      invalidatesTags: ['Subscribers', 'AdminStats'],
    }),
    extendSubscription: build.mutation<ChangeSubscriptionResponse, { id: string } & ExtendSubscriptionRequest>({
      query: ({ id, ...body }) => ({
        url: `/admin/subscribers/${encodeURIComponent(id)}/extend`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Subscribers'],
    }),
    endSubscription: build.mutation<ChangeSubscriptionResponse, string>({
      query: (id) => ({ url: `/admin/subscribers/${encodeURIComponent(id)}/end`, method: 'POST' }),
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

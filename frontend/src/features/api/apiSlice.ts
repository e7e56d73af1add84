import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { LoginRequest, LoginResponse, UserInfoResponse } from '@vip/contracts';
import type { RootState } from '../../app/store.ts';
import { sessionEnded } from '../auth/authSlice.ts';

const sendsSessionToken = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders(headers, { getState }) {
    const token = (getState() as RootState).auth.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * A 401 on a call made with the session's token means the token expired or the session was
 * ended elsewhere: the session is over (the route guard then sends the user to /login).
 * Only the token that was actually sent is ended, so a late answer cannot end a newer session.
 */
const endsSessionOn401: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const sentToken = (api.getState() as RootState).auth.token;
  const result = await sendsSessionToken(args, api, extra);
  const stillSameSession = sentToken !== null && (api.getState() as RootState).auth.token === sentToken;
  if (result.error?.status === 401 && api.endpoint !== 'login' && stillSameSession) {
    api.dispatch(sessionEnded('expired'));
  }
  return result;
};

/** The one RTK Query API of the product (redux-essentials style): every /api call goes through here. */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: endsSessionOn401,
  // Feature files add their endpoints with injectEndpoints; every tag they use is declared here.
  tagTypes: [
    'Announcement',
    'User',
    'UserServers',
    'Server',
    'Channels',
    'Greeting',
    'GreetingList',
    'Subscription',
    'Whitelist',
    'AdminStats',
    'Subscribers',
    'PublicStats',
    'Guilds',
    'Health',
    'Audit',
    'Suspensions',
    'VerificationMessage',
    'Analytics',
    'UserDiscord',
  ],
  // The session's own calls; each feature's endpoints are in its *Api.ts file.
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    getUserInfo: build.query<UserInfoResponse, void>({
      query: () => '/user/info',
      providesTags: ['User'],
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useGetUserInfoQuery } = apiSlice;

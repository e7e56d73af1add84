import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import type { LoginRequest } from '@vip/contracts';
import { authPaths } from '@vip/contracts/plain';
import type { RootState } from '../../app/store.ts';
import { retryAfterSecondsOf, routeEndpoint } from '../../lib/http.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import { retryWhenBusy } from './retryWhenBusy.ts';

// every endpoint names its route with routeEndpoint (lib/http.ts): the paths, request and answer types are the catalogue's, whole
// a read answered 503 (a session not projected yet during a catch-up) is asked again, not failed
const sendsSessionToken = retryWhenBusy(
  fetchBaseQuery({
    prepareHeaders(headers, { getState }) {
      const token = (getState() as RootState).auth.token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
);

/**
 * A 401 on a call made with the session's token means the token expired or the session was
 * ended elsewhere: the session is over (the route guard then sends the user to /login).
 * Only the token that was actually sent is ended, so a late answer cannot end a newer session.
 * A 429 keeps its Retry-After, so the screen can say how long to wait.
 */
const endsSessionOn401: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const sentToken = (api.getState() as RootState).auth.token;
  const result = await sendsSessionToken(args, api, extra);
  const stillSameSession = sentToken !== null && (api.getState() as RootState).auth.token === sentToken;
  if (result.error?.status === 401 && api.endpoint !== 'login' && stillSameSession) {
    api.dispatch(sessionEnded('expired'));
  }
  // a refusal for too many requests carries its wait, as lib/http.ts's failures do, for errorTextOf
  if (result.error?.status === 429) {
    const response = (result.meta as { response?: Response } | undefined)?.response;
    const retryAfter = retryAfterSecondsOf(response?.headers.get('Retry-After') ?? null);
    if (retryAfter !== undefined) Object.assign(result.error, { retryAfterSeconds: retryAfter });
  }
  return result;
};

/**
 * The one RTK Query API of the product (redux-essentials style): every call of the screens
 * inside the store goes through here. Two kinds of call do not, on purpose, and use the plain
 * fetch of lib/http.ts with the same catalogue routes: the Redux-free visitor and landing
 * pages and the site settings (Redux would not fit the key page's budget), and the audit
 * export download (a file to save, not state to cache).
 */
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
    login: build.mutation({
      ...routeEndpoint(authPaths.login, (credentials: LoginRequest) => ({ body: credentials })),
    }),
    logout: build.mutation({
      ...routeEndpoint(authPaths.logout),
    }),
    getUserInfo: build.query({
      ...routeEndpoint(authPaths.userInfo),
      providesTags: ['User'],
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useGetUserInfoQuery } = apiSlice;

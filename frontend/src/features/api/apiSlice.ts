import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type {
  AnnouncementView,
  CreateAnnouncementRequest,
  LoginRequest,
  LoginResponse,
  UserInfoResponse,
} from '@vip/contracts';
import type { RootState } from '../../app/store.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import { readMarkRemoved } from '../announcements/readMarksSlice.ts';
import { applyLiveUpdate } from '../announcements/liveUpdates.ts';
import { showAnnouncementToast, withdrawAnnouncementToast } from '../announcements/announcementToast.tsx';
import { subscribeToRealtime } from '../../realtime/socket.ts';

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

const ANNOUNCEMENT_LIST = { type: 'Announcement', id: 'LIST' } as const;

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
  ],
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

    getAnnouncements: build.query<AnnouncementView[], void>({
      query: () => '/announcements',
      providesTags: (list = []) => [
        ...list.map(({ id }) => ({ type: 'Announcement' as const, id })),
        ANNOUNCEMENT_LIST,
      ],
      // Live updates enter the cache here, for as long as someone shows the list.
      async onCacheEntryAdded(_arg, { updateCachedData, cacheEntryRemoved, getState, dispatch }) {
        const token = (getState() as RootState).auth.token;
        if (!token) return;
        const stopListening = subscribeToRealtime(token, {
          onMessage(message) {
            // (a cast, not an annotation: TS would otherwise narrow it to null across the callback)
            let added = null as AnnouncementView | null;
            updateCachedData((list) => {
              added = applyLiveUpdate(list, message);
            });
            if (added) showAnnouncementToast(added);
            // a deleted announcement takes its read mark with it (spec §4)
            if (message.type === 'announcement_deleted') dispatch(readMarkRemoved(message.data));
          },
          // Whatever was pushed while the socket was away (or before it first listened — the
          // list may have been read a moment earlier) is only in the read model: read it again.
          onReady() {
            dispatch(apiSlice.util.invalidateTags([ANNOUNCEMENT_LIST]));
          },
          onUnauthorized() {
            dispatch(sessionEnded('expired'));
          },
        });
        await cacheEntryRemoved;
        stopListening();
      },
    }),

    createAnnouncement: build.mutation<AnnouncementView, CreateAnnouncementRequest>({
      query: (announcement) => ({ url: '/announcements', method: 'POST', body: announcement }),
      invalidatesTags: [ANNOUNCEMENT_LIST],
      // Show it at once; a push that follows then finds it already there and adds nothing.
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: null }));
        if (!created) return;
        withdrawAnnouncementToast(created.id); // in case the push won the race
        dispatch(
          apiSlice.util.updateQueryData('getAnnouncements', undefined, (list) => {
            applyLiveUpdate(list, { type: 'announcement', data: created });
          }),
        );
      },
    }),

    deleteAnnouncement: build.mutation<void, string>({
      query: (id) => ({ url: `/announcements/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Announcement', id }, ANNOUNCEMENT_LIST],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const deleted = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!deleted) return;
        dispatch(readMarkRemoved(id));
        dispatch(
          apiSlice.util.updateQueryData('getAnnouncements', undefined, (list) => {
            applyLiveUpdate(list, { type: 'announcement_deleted', data: id });
          }),
        );
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useGetUserInfoQuery,
  useGetAnnouncementsQuery,
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMutation,
} = apiSlice;

import type { AnnouncementView, CreateAnnouncementRequest } from '@vip/contracts';
import { announcementsPaths } from '@vip/contracts/plain';
import type { RootState } from '../../app/store.ts';
import { routeEndpoint } from '../../lib/http.ts';
import { subscribeToRealtime } from '../../realtime/socket.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import { showAnnouncementToast, withdrawAnnouncementToast } from './announcementToast.tsx';
import { applyLiveUpdate } from './liveUpdates.ts';
import { readMarkRemoved } from './readMarksSlice.ts';

const ANNOUNCEMENT_LIST = { type: 'Announcement', id: 'LIST' } as const;

/** The announcement feed, kept live by the socket for as long as someone shows it. */
const announcementFeedApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncements: build.query({
      ...routeEndpoint(announcementsPaths.list),
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
  }),
});

/**
 * The admin's announcement commands (spec §2/§4). Injected into the feed's API so that their
 * answers can be written into its cache (updateQueryData knows getAnnouncements there).
 */
export const announcementsApi = announcementFeedApi.injectEndpoints({
  endpoints: (build) => ({
    createAnnouncement: build.mutation({
      ...routeEndpoint(announcementsPaths.post, (announcement: CreateAnnouncementRequest) => ({ body: announcement })),
      invalidatesTags: [ANNOUNCEMENT_LIST],
      // Show it at once; a push that follows then finds it already there and adds nothing.
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: null }));
        if (!created) return;
        withdrawAnnouncementToast(created.id); // in case the push won the race
        dispatch(
          announcementFeedApi.util.updateQueryData('getAnnouncements', undefined, (list) => {
            applyLiveUpdate(list, { type: 'announcement', data: created });
          }),
        );
      },
    }),

    deleteAnnouncement: build.mutation({
      ...routeEndpoint(announcementsPaths.remove, (id: string) => ({ params: { id } })),
      invalidatesTags: (_result, _error, id) => [{ type: 'Announcement', id }, ANNOUNCEMENT_LIST],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const deleted = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!deleted) return;
        dispatch(readMarkRemoved(id));
        dispatch(
          announcementFeedApi.util.updateQueryData('getAnnouncements', undefined, (list) => {
            applyLiveUpdate(list, { type: 'announcement_deleted', data: id });
          }),
        );
      },
    }),
  }),
});

export const { useGetAnnouncementsQuery, useCreateAnnouncementMutation, useDeleteAnnouncementMutation } =
  announcementsApi;

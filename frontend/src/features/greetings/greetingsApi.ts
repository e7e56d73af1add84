import type {
  GreetingListItem,
  GreetingListResponse,
  GreetingRemovedResponse,
  GreetingSavedResponse,
  GreetingSettings,
} from '@vip/contracts';
import { defaultGreetingSettings, greetingsPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** Per-server greeting settings and the list of greetings (spec §2 Greetings tab, §7). */
export const greetingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getGreetingSettings: build.query<GreetingSettings, string>({
      query: (serverId) => requestTo(greetingsPaths.settings, { params: { serverId } }),
      providesTags: (_result, _error, serverId) => [{ type: 'Greeting', id: serverId }],
    }),
    saveGreetingSettings: build.mutation<GreetingSavedResponse, { serverId: string; settings: GreetingSettings }>({
      query: ({ serverId, settings }) => requestTo(greetingsPaths.save, { params: { serverId }, body: settings }),
      // only a save that happened reloads the form: a refused one leaves what the owner typed
      invalidatesTags: (result, _error, { serverId }) =>
        result ? [{ type: 'Greeting', id: serverId }, 'GreetingList'] : [],
    }),
    deleteGreeting: build.mutation<GreetingRemovedResponse, string>({
      query: (serverId) => requestTo(greetingsPaths.remove, { params: { serverId } }),
      invalidatesTags: (_result, _error, serverId) => [{ type: 'Greeting', id: serverId }, 'GreetingList'],
      // spec §4: deleting the selected server's greeting resets its form to the defaults at once
      async onQueryStarted(serverId, { dispatch, queryFulfilled }) {
        const removed = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (removed)
          dispatch(greetingsApi.util.upsertQueryData('getGreetingSettings', serverId, defaultGreetingSettings()));
      },
    }),
    getGreetingList: build.query<GreetingListItem[], void>({
      query: () => requestTo(greetingsPaths.list),
      transformResponse: (response: GreetingListResponse) => response.greetings,
      providesTags: ['GreetingList'],
    }),
  }),
});

export const {
  useGetGreetingSettingsQuery,
  useSaveGreetingSettingsMutation,
  useDeleteGreetingMutation,
  useGetGreetingListQuery,
} = greetingsApi;

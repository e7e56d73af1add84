import type { GreetingSettings } from '@vip/contracts';
import { defaultGreetingSettings, greetingsPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** Per-server greeting settings and the list of greetings (spec §2 Greetings tab, §7). */
export const greetingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getGreetingSettings: build.query({
      ...routeEndpoint(greetingsPaths.settings, (serverId: string) => ({ params: { serverId } })),
      providesTags: (_result, _error, serverId) => [{ type: 'Greeting', id: serverId }],
    }),
    saveGreetingSettings: build.mutation({
      ...routeEndpoint(
        greetingsPaths.save,
        ({ serverId, settings }: { serverId: string; settings: GreetingSettings }) => ({
          params: { serverId },
          body: settings,
        }),
      ),
      // only a save that happened reloads the form: a refused one leaves what the owner typed
      invalidatesTags: (result, _error, { serverId }) =>
        result ? [{ type: 'Greeting', id: serverId }, 'GreetingList'] : [],
    }),
    deleteGreeting: build.mutation({
      ...routeEndpoint(greetingsPaths.remove, (serverId: string) => ({ params: { serverId } })),
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
    getGreetingList: build.query({
      ...routeEndpoint(greetingsPaths.list, undefined, (answer) => answer.greetings),
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

import type {
  SuspendServerRequest,
  SuspensionChangedResponse,
  SuspensionsResponse,
  SuspensionView,
} from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's suspended servers (spec §2 "403 Restricted", decisions.md §12). */
export const suspensionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSuspensions: build.query<SuspensionView[], void>({
      query: () => '/admin/suspensions',
      transformResponse: (response: SuspensionsResponse) => response.suspensions,
      providesTags: ['Suspensions'],
    }),
    suspendServer: build.mutation<SuspensionChangedResponse, { guildId: string } & SuspendServerRequest>({
      query: ({ guildId, ...body }) => ({
        url: `/admin/servers/${encodeURIComponent(guildId)}/suspend`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Suspensions', 'Server'],
    }),
    liftSuspension: build.mutation<SuspensionChangedResponse, string>({
      query: (guildId) => ({ url: `/admin/servers/${encodeURIComponent(guildId)}/lift-suspension`, method: 'POST' }),
      invalidatesTags: ['Suspensions', 'Server'],
    }),
  }),
});

export const { useGetSuspensionsQuery, useSuspendServerMutation, useLiftSuspensionMutation } = suspensionsApi;

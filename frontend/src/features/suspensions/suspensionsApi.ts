import type {
  SuspendServerRequest,
  SuspensionChangedResponse,
  SuspensionsResponse,
  SuspensionView,
} from '@vip/contracts';
import { suspensionsPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's suspended servers (spec §2 "403 Restricted", decisions.md §12). */
export const suspensionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSuspensions: build.query<SuspensionView[], void>({
      query: () => requestTo(suspensionsPaths.list),
      transformResponse: (response: SuspensionsResponse) => response.suspensions,
      providesTags: ['Suspensions'],
    }),
    suspendServer: build.mutation<SuspensionChangedResponse, { guildId: string } & SuspendServerRequest>({
      query: ({ guildId, ...body }) => requestTo(suspensionsPaths.suspend, { params: { id: guildId }, body }),
      invalidatesTags: ['Suspensions', 'Server'],
    }),
    liftSuspension: build.mutation<SuspensionChangedResponse, string>({
      query: (guildId) => requestTo(suspensionsPaths.lift, { params: { id: guildId } }),
      invalidatesTags: ['Suspensions', 'Server'],
    }),
  }),
});

export const { useGetSuspensionsQuery, useSuspendServerMutation, useLiftSuspensionMutation } = suspensionsApi;

import type { SuspendServerRequest } from '@vip/contracts';
import { suspensionsPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's suspended servers (spec §2 "403 Restricted", decisions.md §12). */
export const suspensionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSuspensions: build.query({
      ...routeEndpoint(suspensionsPaths.list, undefined, (answer) => answer.suspensions),
      providesTags: ['Suspensions'],
    }),
    suspendServer: build.mutation({
      ...routeEndpoint(
        suspensionsPaths.suspend,
        ({ guildId, ...body }: { guildId: string } & SuspendServerRequest) => ({ params: { id: guildId }, body }),
      ),
      invalidatesTags: ['Suspensions', 'Server'],
    }),
    liftSuspension: build.mutation({
      ...routeEndpoint(suspensionsPaths.lift, (guildId: string) => ({ params: { id: guildId } })),
      invalidatesTags: ['Suspensions', 'Server'],
    }),
  }),
});

export const { useGetSuspensionsQuery, useSuspendServerMutation, useLiftSuspensionMutation } = suspensionsApi;

import { privacyPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** A panel user's account deleted by an admin on the user's request: the subscriber list changes. */
export const privacyApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    deleteAccountOnRequest: build.mutation({
      ...routeEndpoint(privacyPaths.eraseUser, (id: string) => ({ params: { id } })),
      invalidatesTags: ['Subscribers', 'AdminStats', 'Audit'],
    }),
  }),
});

export const { useDeleteAccountOnRequestMutation } = privacyApi;

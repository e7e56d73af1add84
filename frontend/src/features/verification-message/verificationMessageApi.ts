import type { VerificationMessage } from '@vip/contracts';
import { verificationMessagePaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** A server's key-verification message (/send): the owner's own on plans that include it (decisions.md §11). */
export const verificationMessageApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getVerificationMessage: build.query({
      ...routeEndpoint(verificationMessagePaths.get, (serverId: string) => ({ params: { serverId } })),
      providesTags: (_result, _error, serverId) => [{ type: 'VerificationMessage', id: serverId }],
    }),
    saveVerificationMessage: build.mutation({
      ...routeEndpoint(
        verificationMessagePaths.save,
        ({ serverId, message }: { serverId: string; message: VerificationMessage }) => ({
          params: { serverId },
          body: message,
        }),
      ),
      // only a save that happened reloads the form: a refused one leaves what the owner typed
      invalidatesTags: (result, _error, { serverId }) =>
        result ? [{ type: 'VerificationMessage', id: serverId }] : [],
    }),
    resetVerificationMessage: build.mutation({
      ...routeEndpoint(verificationMessagePaths.reset, (serverId: string) => ({ params: { serverId } })),
      invalidatesTags: (_result, _error, serverId) => [{ type: 'VerificationMessage', id: serverId }],
    }),
  }),
});

export const {
  useGetVerificationMessageQuery,
  useSaveVerificationMessageMutation,
  useResetVerificationMessageMutation,
} = verificationMessageApi;

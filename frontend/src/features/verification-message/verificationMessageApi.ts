import type { VerificationMessage, VerificationMessageSavedResponse, VerificationMessageView } from '@vip/contracts';
import { verificationMessagePaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** A server's key-verification message (/send): the owner's own on plans that include it (decisions.md §11). */
export const verificationMessageApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getVerificationMessage: build.query<VerificationMessageView, string>({
      query: (serverId) => requestTo(verificationMessagePaths.get, { params: { serverId } }),
      providesTags: (_result, _error, serverId) => [{ type: 'VerificationMessage', id: serverId }],
    }),
    saveVerificationMessage: build.mutation<
      VerificationMessageSavedResponse,
      { serverId: string; message: VerificationMessage }
    >({
      query: ({ serverId, message }) =>
        requestTo(verificationMessagePaths.save, { params: { serverId }, body: message }),
      // only a save that happened reloads the form: a refused one leaves what the owner typed
      invalidatesTags: (result, _error, { serverId }) =>
        result ? [{ type: 'VerificationMessage', id: serverId }] : [],
    }),
    resetVerificationMessage: build.mutation<{ success: true; message: string }, string>({
      query: (serverId) => requestTo(verificationMessagePaths.reset, { params: { serverId } }),
      invalidatesTags: (_result, _error, serverId) => [{ type: 'VerificationMessage', id: serverId }],
    }),
  }),
});

export const {
  useGetVerificationMessageQuery,
  useSaveVerificationMessageMutation,
  useResetVerificationMessageMutation,
} = verificationMessageApi;

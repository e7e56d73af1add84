import type {
  AddWhitelistEntryRequest,
  AddWhitelistEntryResponse,
  RemoveWhitelistEntryRequest,
  RemoveWhitelistEntryResponse,
  WhitelistEntryView,
  WhitelistResponse,
} from '@vip/contracts';
import { whitelistPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's whitelist (spec §2 Whitelist Manager, §7). */
export const whitelistApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getWhitelist: build.query<WhitelistEntryView[], void>({
      query: () => requestTo(whitelistPaths.list),
      transformResponse: (response: WhitelistResponse) => response.whitelists,
      providesTags: ['Whitelist'],
    }),
    addWhitelistEntry: build.mutation<AddWhitelistEntryResponse, AddWhitelistEntryRequest>({
      query: (body) => requestTo(whitelistPaths.add, { body }),
      invalidatesTags: ['Whitelist', 'AdminStats'],
    }),
    removeWhitelistEntry: build.mutation<RemoveWhitelistEntryResponse, RemoveWhitelistEntryRequest>({
      query: (body) => requestTo(whitelistPaths.remove, { body }),
      invalidatesTags: ['Whitelist', 'AdminStats'],
    }),
  }),
});

export const { useGetWhitelistQuery, useAddWhitelistEntryMutation, useRemoveWhitelistEntryMutation } = whitelistApi;

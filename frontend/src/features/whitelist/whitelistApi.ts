import type {
  AddWhitelistEntryRequest,
  AddWhitelistEntryResponse,
  RemoveWhitelistEntryRequest,
  RemoveWhitelistEntryResponse,
  WhitelistResponse,
} from '@vip/contracts';
import { whitelistPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's whitelist (spec §2 Whitelist Manager, §7). */
export const whitelistApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** One page, newest first: the first (no `after`) or the one after a page's `nextAfter`. */
    getWhitelist: build.query<WhitelistResponse, { search?: string; after?: string }>({
      query: ({ search, after }) => requestTo(whitelistPaths.list, { query: { search, after } }),
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

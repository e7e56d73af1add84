import type {
  AddWhitelistEntryRequest,
  AddWhitelistEntryResponse,
  RemoveWhitelistEntryRequest,
  RemoveWhitelistEntryResponse,
  WhitelistEntryView,
  WhitelistResponse,
} from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's whitelist (spec §2 Whitelist Manager, §7). */
export const whitelistApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getWhitelist: build.query<WhitelistEntryView[], void>({
      query: () => '/admin/whitelist',
      transformResponse: (response: WhitelistResponse) => response.whitelists,
      providesTags: ['Whitelist'],
    }),
    addWhitelistEntry: build.mutation<AddWhitelistEntryResponse, AddWhitelistEntryRequest>({
      query: (body) => ({ url: '/admin/whitelist', method: 'POST', body }),
      invalidatesTags: ['Whitelist', 'AdminStats'],
    }),
    removeWhitelistEntry: build.mutation<RemoveWhitelistEntryResponse, RemoveWhitelistEntryRequest>({
      query: (body) => ({ url: '/admin/blacklist', method: 'POST', body }),
      invalidatesTags: ['Whitelist', 'AdminStats'],
    }),
  }),
});

export const { useGetWhitelistQuery, useAddWhitelistEntryMutation, useRemoveWhitelistEntryMutation } = whitelistApi;

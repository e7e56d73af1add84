import type { AddWhitelistEntryRequest, RemoveWhitelistEntryRequest } from '@vip/contracts';
import { whitelistPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's whitelist (spec §2 Whitelist Manager, §7). */
export const whitelistApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** One page, newest first: the first (no `after`) or the one after a page's `nextAfter`. */
    getWhitelist: build.query({
      ...routeEndpoint(whitelistPaths.list, ({ search, after }: { search?: string; after?: string }) => ({
        query: { search, after },
      })),
      providesTags: ['Whitelist'],
    }),
    addWhitelistEntry: build.mutation({
      ...routeEndpoint(whitelistPaths.add, (body: AddWhitelistEntryRequest) => ({ body })),
      invalidatesTags: ['Whitelist', 'AdminStats'],
    }),
    removeWhitelistEntry: build.mutation({
      ...routeEndpoint(whitelistPaths.remove, (body: RemoveWhitelistEntryRequest) => ({ body })),
      invalidatesTags: ['Whitelist', 'AdminStats'],
    }),
  }),
});

export const { useGetWhitelistQuery, useAddWhitelistEntryMutation, useRemoveWhitelistEntryMutation } = whitelistApi;

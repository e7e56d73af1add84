import type { AdminActionResponse } from '@vip/contracts';
import { discordPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's side of Discord identity (decisions.md §9): unlink an account, release a claim, each with a reason. */
export const identityApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    unlinkDiscord: build.mutation<AdminActionResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => requestTo(discordPaths.unlink, { params: { id }, body: { reason } }),
      invalidatesTags: ['Subscribers', 'Audit'],
    }),
    releaseClaim: build.mutation<AdminActionResponse, { serverId: string; reason: string }>({
      query: ({ serverId, reason }) => requestTo(discordPaths.releaseClaim, { params: { serverId }, body: { reason } }),
      invalidatesTags: ['Subscribers', 'Audit'],
    }),
  }),
});

export const { useUnlinkDiscordMutation, useReleaseClaimMutation } = identityApi;

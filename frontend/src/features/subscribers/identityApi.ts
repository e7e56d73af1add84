import type { AdminActionResponse } from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** The admin's side of Discord identity (decisions.md §9): unlink an account, release a claim, each with a reason. */
export const identityApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    unlinkDiscord: build.mutation<AdminActionResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/subscribers/${encodeURIComponent(id)}/discord/unlink`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Subscribers', 'Audit'],
    }),
    releaseClaim: build.mutation<AdminActionResponse, { serverId: string; reason: string }>({
      query: ({ serverId, reason }) => ({
        url: `/admin/servers/${encodeURIComponent(serverId)}/release`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Subscribers', 'Audit'],
    }),
  }),
});

export const { useUnlinkDiscordMutation, useReleaseClaimMutation } = identityApi;

import type { AddServerRequest, UpdateServerRequest } from '@vip/contracts';
import { serversPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { readAgainOnPush } from '../api/livePushes.ts';

/** Servers and the subscriber's server slots (spec §2 Servers tab, §7). */
export const serversApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getUserServers: build.query({
      ...routeEndpoint(serversPaths.userServers),
      providesTags: ['UserServers'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        readAgainOnPush(lifecycle, ['UserServers'], (message) => message.type === 'servers_changed'),
    }),
    getServer: build.query({
      ...routeEndpoint(serversPaths.serverInfo, (id: string) => ({ params: { id } })),
      providesTags: (_result, _error, id) => [{ type: 'Server', id }],
      // a suspension, the bot joining or leaving, the VIP role: the owner's card follows
      onCacheEntryAdded: (id, lifecycle) =>
        readAgainOnPush(
          lifecycle,
          [{ type: 'Server', id }],
          (message) => message.type === 'server_changed' && message.data === id,
        ),
    }),
    getChannels: build.query({
      ...routeEndpoint(serversPaths.serverChannels, (id: string) => ({ params: { id } })),
      providesTags: (_result, _error, id) => [{ type: 'Channels', id }],
    }),
    addServer: build.mutation({
      ...routeEndpoint(serversPaths.addServer, (body: AddServerRequest) => ({ body })),
      invalidatesTags: ['UserServers', 'GreetingList'],
    }),
    updateServer: build.mutation({
      ...routeEndpoint(serversPaths.updateServer, (body: UpdateServerRequest) => ({ body })),
      invalidatesTags: ['UserServers', 'GreetingList'],
    }),
  }),
});

export const {
  useGetUserServersQuery,
  useGetServerQuery,
  useGetChannelsQuery,
  useAddServerMutation,
  useUpdateServerMutation,
} = serversApi;

import type {
  AddServerRequest,
  ChannelView,
  ServerInfoResponse,
  ServerSlotsChangedResponse,
  UpdateServerRequest,
  UserServersResponse,
} from '@vip/contracts';
import { serversPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { readAgainOnPush } from '../api/livePushes.ts';

/** Servers and the subscriber's server slots (spec §2 Servers tab, §7). */
export const serversApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getUserServers: build.query<UserServersResponse, void>({
      query: () => requestTo(serversPaths.userServers),
      providesTags: ['UserServers'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        readAgainOnPush(lifecycle, ['UserServers'], (message) => message.type === 'servers_changed'),
    }),
    getServer: build.query<ServerInfoResponse, string>({
      query: (id) => requestTo(serversPaths.serverInfo, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Server', id }],
      // a suspension, the bot joining or leaving, the VIP role: the owner's card follows
      onCacheEntryAdded: (id, lifecycle) =>
        readAgainOnPush(
          lifecycle,
          [{ type: 'Server', id }],
          (message) => message.type === 'server_changed' && message.data === id,
        ),
    }),
    getChannels: build.query<ChannelView[], string>({
      query: (id) => requestTo(serversPaths.serverChannels, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Channels', id }],
    }),
    addServer: build.mutation<ServerSlotsChangedResponse, AddServerRequest>({
      query: (body) => requestTo(serversPaths.addServer, { body }),
      invalidatesTags: ['UserServers', 'GreetingList'],
    }),
    updateServer: build.mutation<ServerSlotsChangedResponse, UpdateServerRequest>({
      query: (body) => requestTo(serversPaths.updateServer, { body }),
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

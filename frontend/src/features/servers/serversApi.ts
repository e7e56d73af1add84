import type {
  AddServerRequest,
  ChannelView,
  ServerInfoResponse,
  ServerSlotsChangedResponse,
  UpdateServerRequest,
  UserServersResponse,
} from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** Servers and the subscriber's server slots (spec §2 Servers tab, §7). */
export const serversApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getUserServers: build.query<UserServersResponse, void>({
      query: () => '/user/servers',
      providesTags: ['UserServers'],
    }),
    getServer: build.query<ServerInfoResponse, string>({
      query: (id) => `/server/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Server', id }],
    }),
    getChannels: build.query<ChannelView[], string>({
      query: (id) => `/server/${encodeURIComponent(id)}/channels`,
      providesTags: (_result, _error, id) => [{ type: 'Channels', id }],
    }),
    addServer: build.mutation<ServerSlotsChangedResponse, AddServerRequest>({
      query: (body) => ({ url: '/user/add-server', method: 'POST', body }),
      invalidatesTags: ['UserServers', 'GreetingList'],
    }),
    updateServer: build.mutation<ServerSlotsChangedResponse, UpdateServerRequest>({
      query: (body) => ({ url: '/user/update-server', method: 'POST', body }),
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

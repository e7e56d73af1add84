import type {
  DiscordCallbackRequest,
  DiscordCallbackResponse,
  DiscordSignInOptions,
  DiscordStartRequest,
  DiscordStartResponse,
  LinkCodeResponse,
  ManagementCheckStartedResponse,
  UserDiscordResponse,
} from '@vip/contracts';
import { apiSlice } from '../api/apiSlice.ts';

/** Sign in with Discord, the linked account, /link codes and the bot's role checks (decisions.md §9). */
export const discordApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDiscordSignIn: build.query<DiscordSignInOptions, void>({
      query: () => '/auth/discord',
    }),
    startDiscord: build.mutation<DiscordStartResponse, DiscordStartRequest>({
      query: (body) => ({ url: '/auth/discord/start', method: 'POST', body }),
    }),
    // the answer may hold a session token: not kept in the request cache (see finishDiscordSignIn)
    finishDiscord: build.mutation<DiscordCallbackResponse, DiscordCallbackRequest>({
      query: (body) => ({ url: '/auth/discord/callback', method: 'POST', body }),
      invalidatesTags: ['UserDiscord', 'User', 'UserServers'],
    }),
    getUserDiscord: build.query<UserDiscordResponse, void>({
      query: () => '/user/discord',
      providesTags: ['UserDiscord'],
    }),
    createLinkCode: build.mutation<LinkCodeResponse, void>({
      query: () => ({ url: '/user/link-code', method: 'POST' }),
    }),
    verifyServer: build.mutation<ManagementCheckStartedResponse, string>({
      query: (serverId) => ({ url: `/user/servers/${encodeURIComponent(serverId)}/verify`, method: 'POST' }),
      invalidatesTags: ['UserDiscord'],
    }),
  }),
});

export const {
  useGetDiscordSignInQuery,
  useStartDiscordMutation,
  useFinishDiscordMutation,
  useGetUserDiscordQuery,
  useCreateLinkCodeMutation,
  useVerifyServerMutation,
} = discordApi;

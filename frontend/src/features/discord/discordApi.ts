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
import { discordPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { readAgainOnPush } from '../api/livePushes.ts';

/** Sign in with Discord, the linked account, /link codes and the bot's role checks (decisions.md §9). */
export const discordApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDiscordSignIn: build.query<DiscordSignInOptions, void>({
      query: () => requestTo(discordPaths.signInOptions),
    }),
    startDiscord: build.mutation<DiscordStartResponse, DiscordStartRequest>({
      query: (body) => requestTo(discordPaths.start, { body }),
    }),
    // the answer may hold a session token: not kept in the request cache (see finishDiscordSignIn)
    finishDiscord: build.mutation<DiscordCallbackResponse, DiscordCallbackRequest>({
      query: (body) => requestTo(discordPaths.callback, { body }),
      invalidatesTags: ['UserDiscord', 'User', 'UserServers'],
    }),
    getUserDiscord: build.query<UserDiscordResponse, void>({
      query: () => requestTo(discordPaths.userDiscord),
      providesTags: ['UserDiscord'],
      // /link in Discord, a role check answered: the panel follows without a reload
      onCacheEntryAdded: (_arg, lifecycle) =>
        readAgainOnPush(lifecycle, ['UserDiscord'], (message) => message.type === 'discord_changed'),
    }),
    createLinkCode: build.mutation<LinkCodeResponse, void>({
      query: () => requestTo(discordPaths.linkCode),
    }),
    verifyServer: build.mutation<ManagementCheckStartedResponse, string>({
      query: (serverId) => requestTo(discordPaths.verifyServer, { params: { serverId } }),
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

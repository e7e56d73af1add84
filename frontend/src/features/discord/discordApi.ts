import type { DiscordCallbackRequest, DiscordStartRequest } from '@vip/contracts';
import { discordPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { readAgainOnPush } from '../api/livePushes.ts';

/** Sign in with Discord, the linked account, /link codes and the bot's role checks (decisions.md §9). */
export const discordApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDiscordSignIn: build.query({
      ...routeEndpoint(discordPaths.signInOptions),
    }),
    startDiscord: build.mutation({
      ...routeEndpoint(discordPaths.start, (body: DiscordStartRequest) => ({ body })),
    }),
    // the answer may hold a session token: not kept in the request cache (see finishDiscordSignIn)
    finishDiscord: build.mutation({
      ...routeEndpoint(discordPaths.callback, (body: DiscordCallbackRequest) => ({ body })),
      invalidatesTags: ['UserDiscord', 'User', 'UserServers'],
    }),
    getUserDiscord: build.query({
      ...routeEndpoint(discordPaths.userDiscord),
      providesTags: ['UserDiscord'],
      // /link in Discord, a role check answered: the panel follows without a reload
      onCacheEntryAdded: (_arg, lifecycle) =>
        readAgainOnPush(lifecycle, ['UserDiscord'], (message) => message.type === 'discord_changed'),
    }),
    createLinkCode: build.mutation({
      ...routeEndpoint(discordPaths.linkCode),
    }),
    verifyServer: build.mutation({
      ...routeEndpoint(discordPaths.verifyServer, (serverId: string) => ({ params: { serverId } })),
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

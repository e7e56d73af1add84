import type { DiscordCallbackRequest, LinkedDiscordAccount, SessionUser } from '@vip/contracts';
import type { AppThunk } from '../../app/store.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { sessionEnded, signedIn, tokenReceived } from '../auth/authSlice.ts';
import { discordApi } from './discordApi.ts';

/** Where "Sign in with Discord" (or "Connect Discord") sends the browser: Discord's authorize page. */
export const goToDiscord =
  (intent: 'sign-in' | 'connect'): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { authorizeUrl } = await dispatch(discordApi.endpoints.startDiscord.initiate({ intent })).unwrap();
    window.location.assign(authorizeUrl);
  };

/**
 * Discord sent the browser back with a code: the server finishes it. Signing in ends like a
 * password login (spec §4: the token, then the user info); connecting refreshes the signed-in
 * user (their avatar is now Discord's). A sign-up also answers its generated password, once.
 * Rejects with the failed call's error.
 */
export const finishWithDiscord =
  (
    answer: DiscordCallbackRequest,
  ): AppThunk<Promise<{ connected: LinkedDiscordAccount | null; user: SessionUser; newPassword: string | null }>> =>
  async (dispatch, getState) => {
    const finish = dispatch(discordApi.endpoints.finishDiscord.initiate(answer));
    const result = await finish.unwrap().finally(() => finish.reset());
    const token = result.intent === 'sign-in' ? result.token : getState().auth.token;
    if (!token) throw new Error('no session');
    if (result.intent === 'sign-in') dispatch(tokenReceived(token));
    let user: SessionUser;
    try {
      user = await dispatch(
        apiSlice.endpoints.getUserInfo.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ).unwrap();
    } catch (failure) {
      if (result.intent === 'sign-in') dispatch(sessionEnded('logout'));
      throw failure;
    }
    dispatch(signedIn({ token, user }));
    return {
      connected: result.intent === 'connect' ? result.account : null,
      user,
      newPassword: result.intent === 'sign-in' ? (result.newPassword ?? null) : null,
    };
  };

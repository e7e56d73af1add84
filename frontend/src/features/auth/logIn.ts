import type { LoginRequest } from '@vip/contracts';
import type { AppThunk } from '../../app/store.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { sessionEnded, signedIn, tokenReceived } from './authSlice.ts';

/**
 * Spec §4: signed in = credentials accepted AND user info fetched. The user info call needs
 * the new token, so the token is held (unsaved, no user yet) for the moment in between.
 * Rejects with the failed call's error, for the login screen to word.
 */
export const logIn =
  (credentials: LoginRequest): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const login = dispatch(apiSlice.endpoints.login.initiate(credentials));
    // the answer holds the token: do not keep it in the request cache
    const { token } = await login.unwrap().finally(() => login.reset());
    dispatch(tokenReceived(token));
    try {
      const user = await dispatch(
        apiSlice.endpoints.getUserInfo.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      dispatch(signedIn({ token, user }));
    } catch (failure) {
      dispatch(sessionEnded('logout'));
      throw failure;
    }
  };

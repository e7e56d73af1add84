import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '@vip/contracts';
import { loadSavedSession } from './savedSession.ts';

/**
 * The signed-in person. `user` is what makes someone signed in (spec §4: credentials accepted
 * AND user info fetched); a token without a user only exists for the moment in between.
 */
export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  /** Why the last session ended: only an expired one is worth returning to after login. */
  endedBecause: SessionEndReason | null;
}

export type SessionEndReason = 'logout' | 'expired';

function restoredSession(): AuthState {
  const saved = loadSavedSession();
  return { token: saved?.token ?? null, user: saved?.user ?? null, endedBecause: null };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: restoredSession,
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.user = null;
    },
    signedIn(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.endedBecause = null;
    },
    sessionEnded(state, action: PayloadAction<SessionEndReason>) {
      state.token = null;
      state.user = null;
      state.endedBecause = action.payload;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectCurrentUser: (state) => state.user,
    selectSessionEndReason: (state) => state.endedBecause,
  },
});

export const { tokenReceived, signedIn, sessionEnded } = authSlice.actions;
export const { selectToken, selectCurrentUser, selectSessionEndReason } = authSlice.selectors;
export default authSlice.reducer;

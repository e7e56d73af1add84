import { createListenerMiddleware } from '@reduxjs/toolkit';
import { errorTexts } from '@vip/contracts/plain';
import toast from 'react-hot-toast';
import { closeRealtime } from '../../realtime/socket.ts';
import { apiSlice } from '../api/apiSlice.ts';
import { sessionEnded, signedIn } from './authSlice.ts';
import { forgetSavedSession, saveSession } from './savedSession.ts';

/**
 * What happens around the session besides the state itself: persistence (spec §3) and, when
 * it ends, dropping everything the last user could see — cached data and the live socket.
 */
export const sessionEffects = createListenerMiddleware();

sessionEffects.startListening({
  actionCreator: signedIn,
  effect: ({ payload }) => saveSession(payload),
});

sessionEffects.startListening({
  actionCreator: sessionEnded,
  effect: ({ payload: reason }, { dispatch }) => {
    forgetSavedSession();
    closeRealtime();
    dispatch(apiSlice.util.resetApiState());
    // A logout was asked for; an expiry was not, so say why the login screen is back.
    if (reason === 'expired') toast.error(errorTexts.sessionEnded, { id: 'session-ended' });
  },
});

import { type Action, configureStore, type ThunkAction } from '@reduxjs/toolkit';
import readMarksReducer from '../features/announcements/readMarksSlice.ts';
import { apiSlice } from '../features/api/apiSlice.ts';
import authReducer from '../features/auth/authSlice.ts';
import { sessionEffects } from '../features/auth/sessionEffects.ts';

export const store = configureStore({
  reducer: {
    auth: authReducer,
    readMarks: readMarksReducer,
    [apiSlice.reducerPath]: apiSlice.reducer,
  },
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware().prepend(sessionEffects.middleware).concat(apiSlice.middleware),
});

export type AppStore = typeof store;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<ReturnType = void> = ThunkAction<ReturnType, RootState, unknown, Action>;

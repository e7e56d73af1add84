import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../auth/authSlice.ts';

/**
 * Which announcements this reader has read (spec §3/§4): client-side only, for the session.
 * A mark goes with its announcement when that is deleted, and all go at logout.
 */
export interface ReadMarksState {
  ids: Record<string, true>;
}

const initialState: ReadMarksState = { ids: {} };

const readMarksSlice = createSlice({
  name: 'readMarks',
  initialState,
  reducers: {
    announcementRead(state, action: PayloadAction<string>) {
      state.ids[action.payload] = true;
    },
    readMarkRemoved(state, action: PayloadAction<string>) {
      delete state.ids[action.payload];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectReadIds: (state) => state.ids,
  },
});

export const { announcementRead, readMarkRemoved } = readMarksSlice.actions;
export const { selectReadIds } = readMarksSlice.selectors;
export default readMarksSlice.reducer;

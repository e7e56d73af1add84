import type { AnnouncementView } from './api/announcements.ts';

/** What the browser sends first on /ws. */
export interface WsAuthMessage {
  type: 'auth';
  token: string;
}

/** What /ws pushes (spec §4 "Realtime"). */
export type WsServerMessage =
  | { type: 'ready' }
  | { type: 'announcement'; data: AnnouncementView }
  | { type: 'announcement_deleted'; data: string };

/** Close code for a missing or bad token (mirrors HTTP 401). */
export const WS_CLOSE_UNAUTHORIZED = 4401;

/** Close code for a valid token whose session is not projected yet (mirrors HTTP 503): reconnect later. */
export const WS_CLOSE_TRY_AGAIN = 1013;

/** Close code for a connection beyond its session's or its address's share (mirrors HTTP 429). */
export const WS_CLOSE_TOO_MANY = 4429;

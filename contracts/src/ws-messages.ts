import type { AnnouncementView } from './api/announcements.ts';

/** What the browser sends first on /ws. */
export interface WsAuthMessage {
  type: 'auth';
  token: string;
}

/**
 * What /ws pushes (spec §4 "Realtime"). Announcements go to every signed-in socket; the other
 * messages only to the sockets of the user they concern, and say what to read again (the
 * panel's queries answer the details, with the same rules as any other read).
 */
export type WsServerMessage =
  | { type: 'ready' }
  | { type: 'announcement'; data: AnnouncementView }
  | { type: 'announcement_deleted'; data: string }
  /** The recipient's Discord link, the servers it proved they manage, or a role check changed (/link, sign-in). */
  | { type: 'discord_changed' }
  /** The servers in the recipient's slots, or their claims, changed. */
  | { type: 'servers_changed' }
  /** A server the recipient owns changed as its card shows it (the bot joined or left, a suspension, the VIP role): its id. */
  | { type: 'server_changed'; data: string };

/** Close code for a missing or bad token (mirrors HTTP 401). */
export const WS_CLOSE_UNAUTHORIZED = 4401;

/** Close code for a valid token whose session is not projected yet (mirrors HTTP 503): reconnect later. */
export const WS_CLOSE_TRY_AGAIN = 1013;

/** Close code for a connection beyond its session's or its address's share (mirrors HTTP 429). */
export const WS_CLOSE_TOO_MANY = 4429;

import type { AnnouncementView, WsServerMessage } from '@vip/contracts';

/**
 * Applies one pushed message to the cached list (spec §4 Realtime) and returns the
 * announcement it added, if any. Works on an immer draft or a plain array.
 *
 * Pushes can repeat what the list already holds (this tab created it, or a refetch after a
 * reconnect raced the push), so an id that is already there is not added twice.
 */
export function applyLiveUpdate(list: AnnouncementView[], message: WsServerMessage): AnnouncementView | null {
  switch (message.type) {
    case 'announcement': {
      if (list.some((item) => item.id === message.data.id)) return null;
      list.unshift(message.data);
      return message.data;
    }
    case 'announcement_deleted': {
      const index = list.findIndex((item) => item.id === message.data);
      if (index !== -1) list.splice(index, 1);
      return null;
    }
    case 'ready':
    // a user's own changes: the queries they concern read them again (features/api/livePushes.ts)
    case 'discord_changed':
    case 'servers_changed':
    case 'server_changed':
      return null;
    default: {
      // A message type from a newer server: ignore it rather than break the page.
      const unknown: never = message;
      void unknown;
      return null;
    }
  }
}

/** Newest first (spec §2), whatever order pushes and refetches delivered them in. */
export function newestFirst(list: readonly AnnouncementView[]): AnnouncementView[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

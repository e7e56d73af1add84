import type { AnnouncementEvent } from '@vip/contracts';

/** Stream `announcement-<id>`: an admin's announcement, posted and perhaps deleted. */
export const announcementStream = (announcementId: string) => `announcement-${announcementId}`;

export type AnnouncementState = { status: 'none' | 'posted' | 'deleted' };

export const initialAnnouncementState = (): AnnouncementState => ({ status: 'none' });

export function evolveAnnouncement(_state: AnnouncementState, event: AnnouncementEvent): AnnouncementState {
  switch (event.type) {
    case 'AnnouncementPosted':
      return { status: 'posted' };
    case 'AnnouncementDeleted':
      return { status: 'deleted' };
  }
}

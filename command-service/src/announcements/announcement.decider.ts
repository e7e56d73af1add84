import { type AnnouncementEvent, errorTexts, type Priority } from '@vip/contracts';
import { DomainError } from '@vip/platform';
import type { Decider } from '../core/decider.ts';
import { type AnnouncementState, evolveAnnouncement, initialAnnouncementState } from './announcement.state.ts';

export type AnnouncementCommand =
  | {
      type: 'PostAnnouncement';
      announcementId: string;
      title: string;
      content: string;
      priority: Priority;
      authorId: string;
    }
  | { type: 'DeleteAnnouncement'; announcementId: string };

export const announcementDecider: Decider<AnnouncementCommand, AnnouncementState, AnnouncementEvent> = {
  initialState: initialAnnouncementState,
  evolve: evolveAnnouncement,
  decide: (command, state, now) => {
    switch (command.type) {
      case 'PostAnnouncement': {
        if (state.status !== 'none') throw new DomainError('conflict', 'Announcement already exists');
        const { announcementId, title, content, priority, authorId } = command;
        return [
          {
            type: 'AnnouncementPosted',
            data: { announcementId, title, content, priority, authorId, postedAt: now.toISOString() },
          },
        ];
      }
      case 'DeleteAnnouncement': {
        if (state.status !== 'posted') throw new DomainError('not_found', errorTexts.announcementNotFound);
        return [
          {
            type: 'AnnouncementDeleted',
            data: { announcementId: command.announcementId, deletedAt: now.toISOString() },
          },
        ];
      }
    }
    const unknown: never = command;
    throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
  },
};

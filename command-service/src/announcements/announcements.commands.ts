import { projections } from '@vip/contracts';
import { commandHandlerFor } from '../core/command-handler.ts';
import { announcementDecider } from './announcement.decider.ts';
import { announcementStream } from './announcement.state.ts';

// the admin's list refetches right after these answers: let it see the change
export const announcements = commandHandlerFor(
  announcementDecider,
  (command) => announcementStream(command.announcementId),
  {
    readYourWrites: { projection: projections.announcements, ifLate: 'answer' },
  },
);

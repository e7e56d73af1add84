import { type AnnouncementEvent, errorTexts } from '@vip/contracts';
import { announcementDecider } from '../../src/announcements/announcement.decider.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(announcementDecider);
const posted: AnnouncementEvent = {
  type: 'AnnouncementPosted',
  data: {
    announcementId: 'a1',
    title: 'Maintenance',
    content: 'Tonight 22:00',
    priority: 'high',
    authorId: 'u1',
    postedAt: NOW.toISOString(),
  },
};
const post = {
  type: 'PostAnnouncement',
  announcementId: 'a1',
  title: 'Maintenance',
  content: 'Tonight 22:00',
  priority: 'high',
  authorId: 'u1',
} as const;

describe('announcement decider', () => {
  it('posts a new announcement stamped with the decision time', () => {
    spec.given([]).when(post).then([posted]);
  });

  it('refuses to post the same announcement twice', () => {
    spec.given([posted]).when(post).thenFails('conflict', 'Announcement already exists');
  });

  it('deletes a posted announcement', () => {
    spec
      .given([posted])
      .when({ type: 'DeleteAnnouncement', announcementId: 'a1' })
      .then([{ type: 'AnnouncementDeleted', data: { announcementId: 'a1', deletedAt: NOW.toISOString() } }]);
  });

  it('answers not found for an announcement that never existed', () => {
    spec
      .given([])
      .when({ type: 'DeleteAnnouncement', announcementId: 'a1' })
      .thenFails('not_found', errorTexts.announcementNotFound);
  });

  it('answers not found for an announcement already deleted', () => {
    const deleted: AnnouncementEvent = {
      type: 'AnnouncementDeleted',
      data: { announcementId: 'a1', deletedAt: NOW.toISOString() },
    };
    spec
      .given([posted, deleted])
      .when({ type: 'DeleteAnnouncement', announcementId: 'a1' })
      .thenFails('not_found', errorTexts.announcementNotFound);
  });
});

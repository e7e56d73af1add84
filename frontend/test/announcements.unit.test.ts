import type { AnnouncementView } from '@vip/contracts';
import { expect } from 'chai';
import { applyLiveUpdate, newestFirst } from '../src/features/announcements/liveUpdates.ts';
import { landingPathFor } from '../src/features/auth/landing.ts';
import { formatAnnouncementDate } from '../src/lib/dates.ts';

const announcement = (id: string, createdAt: string): AnnouncementView => ({
  id,
  title: `Title ${id}`,
  content: 'Content',
  priority: 'medium',
  createdAt,
  author: { username: 'admin', avatar: null },
});

describe('frontend: announcement list updates', () => {
  it('prepends a pushed announcement once, however often it is pushed', () => {
    const list = [announcement('a', '2026-11-01T10:00:00.000Z')];
    const pushed = announcement('b', '2026-11-02T10:00:00.000Z');
    expect(applyLiveUpdate(list, { type: 'announcement', data: pushed })).to.equal(pushed);
    expect(applyLiveUpdate(list, { type: 'announcement', data: pushed })).to.equal(null);
    expect(list.map((item) => item.id)).to.deep.equal(['b', 'a']);
  });

  it('removes a deleted announcement and ignores an unknown id', () => {
    const list = [announcement('a', '2026-11-01T10:00:00.000Z'), announcement('b', '2026-11-02T10:00:00.000Z')];
    applyLiveUpdate(list, { type: 'announcement_deleted', data: 'a' });
    applyLiveUpdate(list, { type: 'announcement_deleted', data: 'missing' });
    expect(list.map((item) => item.id)).to.deep.equal(['b']);
  });

  it('orders newest first', () => {
    const list = [announcement('old', '2026-01-01T00:00:00.000Z'), announcement('new', '2026-06-01T00:00:00.000Z')];
    expect(newestFirst(list).map((item) => item.id)).to.deep.equal(['new', 'old']);
  });

  it('formats dates as "Nov 22, 2026, 14:05 UTC" in 24-hour time, the zone named', () => {
    expect(formatAnnouncementDate(new Date(Date.UTC(2026, 10, 22, 14, 5)).toISOString())).to.equal(
      'Nov 22, 2026, 14:05 UTC',
    );
    expect(formatAnnouncementDate(new Date(Date.UTC(2026, 0, 3, 0, 7)).toISOString())).to.equal(
      'Jan 3, 2026, 00:07 UTC',
    );
    expect(formatAnnouncementDate('not a date')).to.equal('');
  });
});

describe('frontend: where login leads', () => {
  const admin = { id: '1', username: 'admin', isAdmin: true, avatar: null };
  const member = { id: '2', username: 'member', isAdmin: false, avatar: null };

  it('goes home by role when no page was asked for', () => {
    expect(landingPathFor(admin, null)).to.equal('/admin');
    expect(landingPathFor(member, undefined)).to.equal('/panel');
  });

  it('returns to the page asked for, but never off-site or back to /login', () => {
    expect(landingPathFor(member, { from: '/panel?tab=greetings' })).to.equal('/panel?tab=greetings');
    expect(landingPathFor(member, { from: '//evil.example' })).to.equal('/panel');
    expect(landingPathFor(admin, { from: '/login' })).to.equal('/admin');
  });

  it('never lands a subscriber on an admin page (the not-found screen for them)', () => {
    expect(landingPathFor(member, { from: '/admin/subscribers' })).to.equal('/panel');
    expect(landingPathFor(member, { from: '/admin' })).to.equal('/panel');
    expect(landingPathFor(admin, { from: '/admin/audit' })).to.equal('/admin/audit');
    expect(landingPathFor(member, { from: '/administration-notes' })).to.equal('/administration-notes');
  });
});

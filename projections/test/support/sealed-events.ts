import type { DomainEvent } from '@vip/contracts';
import { pino } from 'pino';

/** What the sealer's tests append: announcements with a system actor's metadata, logged nowhere. */
export const metadata = { correlationId: 'c1', causationId: 'c1', actor: { kind: 'system' as const, id: 'test' } };

export const announcement = (id: string): DomainEvent => ({
  type: 'AnnouncementPosted',
  data: {
    announcementId: id,
    title: id,
    content: id,
    priority: 'low',
    authorId: 'u1',
    postedAt: '2026-11-22T12:00:00.000Z',
  },
});

export const silent = pino({ level: 'silent' });

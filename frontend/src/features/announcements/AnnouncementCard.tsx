import type { ReactNode } from 'react';
import type { AnnouncementView } from '@vip/contracts';
import { formatAnnouncementDate } from '../../lib/dates.ts';

const priorityLabel = { low: 'Low', medium: 'Medium', high: 'High' } as const;

export function AnnouncementCard({ announcement, actions }: { announcement: AnnouncementView; actions?: ReactNode }) {
  const { id, title, content, priority, createdAt, author } = announcement;
  const titleId = `announcement-${id}-title`;
  return (
    <article className={`card announcement-card priority-${priority}`} aria-labelledby={titleId} data-announcement-id={id}>
      <header className="announcement-header">
        <h3 id={titleId}>{title}</h3>
        <span className={`badge badge-${priority}`}>{priorityLabel[priority]} priority</span>
      </header>
      <p className="announcement-content">{content}</p>
      <footer className="announcement-footer">
        <span className="muted">
          by <span className="announcement-author">{author.username}</span> ·{' '}
          <time dateTime={createdAt}>{formatAnnouncementDate(createdAt)}</time>
        </span>
        {actions}
      </footer>
    </article>
  );
}

import type { AnnouncementView } from '@vip/contracts';
import type { ReactNode } from 'react';
import './author.css';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { formatAnnouncementDate } from '../../lib/dates.ts';
import { renderMarkdown } from '../../lib/markdown.tsx';

const priorityLabel = { low: 'Low', medium: 'Medium', high: 'High' } as const;

interface AnnouncementCardProps {
  announcement: AnnouncementView;
  actions?: ReactNode;
  read?: boolean;
  /** Spec §4: a click on the card marks it read in the user view; the admin view passes its own. */
  onRead?: (id: string) => void;
  /** The user view reads by clicking anywhere on the card. */
  readOnClick?: boolean;
}

export function AnnouncementCard({
  announcement,
  actions,
  read = false,
  onRead,
  readOnClick = false,
}: AnnouncementCardProps) {
  const { id, title, content, priority, createdAt, author } = announcement;
  const titleId = `announcement-${id}-title`;
  const markRead = onRead && !read ? () => onRead(id) : undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click anywhere on the card is a pointer shortcut; the keyboard has the card's "Mark as read" button
    <article
      className={`card announcement-card priority-${priority}${read ? ' is-read' : ''}${readOnClick && markRead ? ' is-clickable' : ''}`}
      aria-labelledby={titleId}
      data-announcement-id={id}
      data-read={read}
      onClick={readOnClick ? markRead : undefined}
    >
      <header className="announcement-header">
        <h3 id={titleId}>{title}</h3>
        <span className={`badge badge-${priority}`}>{priorityLabel[priority]} priority</span>
      </header>
      <div className="announcement-content">{renderMarkdown(content)}</div>
      <footer className="announcement-footer">
        <span className="muted announcement-byline">
          <UserAvatar username={author.username} avatar={author.avatar} /> by{' '}
          <span className="announcement-author">{author.username}</span> ·{' '}
          <time dateTime={createdAt}>{formatAnnouncementDate(createdAt)}</time>
        </span>
        <span className="announcement-actions">
          {read ? (
            <span className="read-mark">Read</span>
          ) : (
            markRead && (
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Mark as read: ${title}`}
                onClick={(event) => {
                  event.stopPropagation();
                  markRead();
                }}
              >
                Mark as read
              </button>
            )
          )}
          {actions}
        </span>
      </footer>
    </article>
  );
}

import type { AnnouncementView } from '@vip/contracts';
import { configDefaults, emptyStates, errorTexts, type Priority } from '@vip/contracts/plain';
import { type ReactNode, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { QueryResult } from '../../components/QueryResult.tsx';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { useGetAnnouncementsQuery } from './announcementsApi.ts';
import { LiveStatus } from './LiveStatus.tsx';
import { newestFirst } from './liveUpdates.ts';
import { announcementRead, selectReadIds } from './readMarksSlice.ts';

type PriorityFilter = 'all' | Priority;
const filters: { value: PriorityFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...[...configDefaults.priorities]
    .reverse()
    .map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) })),
];

interface AnnouncementsListProps {
  /** Extra controls per card; the admin screen passes its Delete button, the panel nothing. */
  renderActions?: (announcement: AnnouncementView) => ReactNode;
  /** The user view marks a card read when it is clicked; the admin view through its button. */
  readOnClick?: boolean;
  /** false in the sidebar, which has its own header (with the live status). */
  showHeading?: boolean;
}

/**
 * The announcement feed (spec §2/§4), kept live by the socket (see getAnnouncements in
 * announcementsApi): a priority filter, "Show unread only" (on by default), read cards dimmed.
 */
export function AnnouncementsList({ renderActions, readOnClick = false, showHeading = true }: AnnouncementsListProps) {
  const dispatch = useAppDispatch();
  const readIds = useAppSelector(selectReadIds);
  const query = useGetAnnouncementsQuery();
  const { data } = query;
  const [priority, setPriority] = useState<PriorityFilter>('all');
  const [unreadOnly, setUnreadOnly] = useState(true);
  const announcements = useMemo(() => newestFirst(data ?? []), [data]);
  const ofPriority = priority === 'all' ? announcements : announcements.filter((item) => item.priority === priority);
  const shown = unreadOnly ? ofPriority.filter((item) => !readIds[item.id]) : ofPriority;
  const onRead = (id: string) => dispatch(announcementRead(id));

  function feed() {
    if (ofPriority.length === 0) {
      return <p className="empty-state">{emptyStates.noPriorityAnnouncements(priority)}</p>;
    }
    if (shown.length === 0) {
      return (
        <div className="empty-state">
          <p>You have read everything here.</p>
          <button type="button" className="link-button" onClick={() => setUnreadOnly(false)}>
            Show all announcements
          </button>
        </div>
      );
    }
    return (
      <ul className="announcement-list">
        {shown.map((announcement) => (
          <li key={announcement.id}>
            <AnnouncementCard
              announcement={announcement}
              actions={renderActions?.(announcement)}
              read={Boolean(readIds[announcement.id])}
              onRead={onRead}
              readOnClick={readOnClick}
            />
          </li>
        ))}
      </ul>
    );
  }

  const unreadCount = announcements.filter((item) => !readIds[item.id]).length;
  return (
    <section
      className="announcements"
      aria-labelledby={showHeading ? 'announcements-title' : undefined}
      aria-label={showHeading ? undefined : 'Announcements'}
    >
      {showHeading && (
        <div className="section-header">
          <h2 id="announcements-title">
            Announcements {unreadCount > 0 && <span className="count-badge">{unreadCount} unread</span>}
          </h2>
          <LiveStatus />
        </div>
      )}
      <div className="announcement-filters">
        <fieldset className="segmented" aria-label="Filter by importance">
          {filters.map(({ value, label }) => (
            <button key={value} type="button" aria-pressed={priority === value} onClick={() => setPriority(value)}>
              {label}
            </button>
          ))}
        </fieldset>
        <label className="switch switch-small">
          <input
            type="checkbox"
            // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox states its own checked state (ARIA in HTML: no aria-checked on input type=checkbox)
            role="switch"
            checked={unreadOnly}
            onChange={(event) => setUnreadOnly(event.target.checked)}
          />
          Show unread only
        </label>
      </div>
      <QueryResult
        query={query}
        loading="Loading announcements..."
        failed={errorTexts.failedToLoadAnnouncements}
        empty={emptyStates.noAnnouncements}
      >
        {feed}
      </QueryResult>
    </section>
  );
}

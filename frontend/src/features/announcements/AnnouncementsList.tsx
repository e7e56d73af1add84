import { useMemo, type ReactNode } from 'react';
import type { AnnouncementView } from '@vip/contracts';
import { emptyStates, errorTexts } from '@vip/contracts/error-texts.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useGetAnnouncementsQuery } from '../api/apiSlice.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { newestFirst } from './liveUpdates.ts';

interface AnnouncementsListProps {
  /** Extra controls per card; the admin screen passes its Delete button, the panel nothing. */
  renderActions?: (announcement: AnnouncementView) => ReactNode;
}

/** The announcement feed, kept live by the socket (see getAnnouncements in apiSlice). */
export function AnnouncementsList({ renderActions }: AnnouncementsListProps) {
  const { data, isLoading, isError, refetch } = useGetAnnouncementsQuery();
  const announcements = useMemo(() => newestFirst(data ?? []), [data]);

  let body: ReactNode;
  if (isLoading) {
    body = <PageLoading label="Loading announcements..." />;
  } else if (isError && !data) {
    body = (
      <div className="banner banner-error" role="alert">
        {errorTexts.failedToLoadAnnouncements}
        <button type="button" className="button button-secondary" onClick={() => refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (announcements.length === 0) {
    body = <p className="empty-state">{emptyStates.noAnnouncements}</p>;
  } else {
    body = (
      <ul className="announcement-list">
        {announcements.map((announcement) => (
          <li key={announcement.id}>
            <AnnouncementCard announcement={announcement} actions={renderActions?.(announcement)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="announcements" aria-labelledby="announcements-title">
      <div className="section-header">
        <h2 id="announcements-title">Announcements</h2>
        <LiveStatus />
      </div>
      {body}
    </section>
  );
}

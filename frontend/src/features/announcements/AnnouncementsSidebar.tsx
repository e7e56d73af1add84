import { useAppSelector } from '../../app/hooks.ts';
import { AnnouncementsList } from './AnnouncementsList.tsx';
import { useGetAnnouncementsQuery } from './announcementsApi.ts';
import { LiveStatus } from './LiveStatus.tsx';
import { selectReadIds } from './readMarksSlice.ts';

/** Spec §2: the panel's collapsible right-hand announcements sidebar, 400 px, open by default. */
export function AnnouncementsSidebar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { data = [] } = useGetAnnouncementsQuery();
  const readIds = useAppSelector(selectReadIds);
  const unread = data.filter((item) => !readIds[item.id]).length;
  return (
    <aside className={open ? 'sidebar is-open' : 'sidebar is-collapsed'} aria-labelledby="sidebar-title">
      <div className="sidebar-header">
        <h2 id="sidebar-title">Announcements {unread > 0 && <span className="count-badge">{unread}</span>}</h2>
        <LiveStatus />
        <button
          type="button"
          className="button button-ghost button-small"
          aria-expanded={open}
          aria-controls="sidebar-body"
          onClick={onToggle}
        >
          {open ? 'Hide' : 'Show'}
          <span className="visually-hidden"> announcements</span>
        </button>
      </div>
      <div id="sidebar-body" className="sidebar-body" hidden={!open}>
        <AnnouncementsList readOnClick showHeading={false} />
      </div>
    </aside>
  );
}

import type { AnnouncementView } from '@vip/contracts';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { SignedInLayout } from '../../components/SignedInLayout.tsx';
import { AnnouncementsList } from '../announcements/AnnouncementsList.tsx';
import { CreateAnnouncementForm } from '../announcements/CreateAnnouncementForm.tsx';
import { DeleteAnnouncementButton } from '../announcements/DeleteAnnouncementButton.tsx';
import { AuditView } from '../audit/AuditView.tsx';
import { MemberRequests } from '../privacy/MemberRequests.tsx';
import { SponsorsView } from '../sponsors/SponsorsView.tsx';
import { StatisticsView } from '../stats/StatisticsView.tsx';
import { SubscribersView } from '../subscriptions/SubscribersView.tsx';
import { SuspensionsView } from '../suspensions/SuspensionsView.tsx';
import { WhitelistManager } from '../whitelist/WhitelistManager.tsx';
import '../panel/panel.css';

const deleteButton = (announcement: AnnouncementView) => <DeleteAnnouncementButton announcement={announcement} />;

const sections = [
  { path: 'whitelist', label: 'Whitelist Manager' },
  { path: 'announcements', label: 'Announcements' },
  { path: 'statistics', label: 'Statistics' },
  { path: 'subscribers', label: 'Subscribers' },
  { path: 'suspensions', label: 'Suspensions' },
  { path: 'sponsors', label: 'Sponsor links' },
  { path: 'privacy', label: 'Privacy' },
  { path: 'audit', label: 'Audit' },
] as const;

/** /admin/* (spec §2): the admin panel; each tab is a route, the whitelist the default. */
export default function AdminPage() {
  return (
    <SignedInLayout mode="admin">
      <h1 className="visually-hidden">Admin panel</h1>
      <nav className="tab-list admin-tabs" aria-label="Admin sections">
        {sections.map(({ path, label }) => (
          <NavLink key={path} to={`/admin/${path}`} className="tab">
            {label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<Navigate to="whitelist" replace />} />
        <Route path="whitelist" element={<WhitelistManager />} />
        <Route
          path="announcements"
          element={
            <div className="admin-grid">
              <CreateAnnouncementForm />
              <AnnouncementsList renderActions={deleteButton} />
            </div>
          }
        />
        <Route path="statistics" element={<StatisticsView />} />
        <Route path="subscribers" element={<SubscribersView />} />
        <Route path="suspensions" element={<SuspensionsView />} />
        <Route path="sponsors" element={<SponsorsView />} />
        <Route path="privacy" element={<MemberRequests />} />
        <Route path="audit/*" element={<AuditView />} />
        <Route
          path="*"
          element={
            <div className="empty-state" role="alert">
              <p>This admin page does not exist.</p>
              <NavLink to="/admin/whitelist">Go to the whitelist</NavLink>
            </div>
          }
        />
      </Routes>
    </SignedInLayout>
  );
}

import { lazy } from 'react';
import { RequireAdmin } from '../auth/RequireUser.tsx';

// Only admins download the admin screens; everyone else gets the not-found screen (spec §6).
const AdminPage = lazy(() => import('./AdminPage.tsx'));

export default function AdminRoute() {
  return (
    <RequireAdmin>
      <AdminPage />
    </RequireAdmin>
  );
}

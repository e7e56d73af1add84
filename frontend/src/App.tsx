import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { configDefaults } from '@vip/contracts/config-defaults.ts';
import { NotFound } from './components/NotFound.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RequireAdmin, RequireUser } from './features/auth/RequireUser.tsx';

// Signed-in screens load on demand, so that /login (and the visitor pages to come) stay small.
const PanelPage = lazy(() => import('./features/panel/PanelPage.tsx'));
const AdminPage = lazy(() => import('./features/admin/AdminPage.tsx'));

const { successMs, errorMs } = configDefaults.toasts;

export function App() {
  return (
    <>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireUser />}>
          <Route path="/panel" element={<PanelPage />} />
          <Route
            path="/admin/*"
            element={
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            }
          />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
      <Toaster
        position="top-right"
        toastOptions={{
          // inline, because the library styles its toasts inline (light by default)
          style: { background: 'var(--surface-raised)', color: 'var(--text)', border: '1px solid var(--border)' },
          success: { duration: successMs },
          error: { duration: errorMs },
        }}
      />
    </>
  );
}

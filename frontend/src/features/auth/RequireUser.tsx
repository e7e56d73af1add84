import { type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { selectCurrentUser, selectSessionEndReason } from './authSlice.ts';
import type { LoginRedirectState } from './landing.ts';

/**
 * Route guard (spec §2): no user, no page. The page asked for is remembered so that login can
 * return to it — except after a deliberate logout, when the user's home is the right place.
 */
export default function RequireUser() {
  const user = useAppSelector(selectCurrentUser);
  const endReason = useAppSelector(selectSessionEndReason);
  const location = useLocation();
  if (!user) {
    const state: LoginRedirectState | undefined =
      endReason === 'logout' ? undefined : { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  // Signed-in pages are separate chunks: they load here, not before login.
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** Spec §6: a non-admin on an admin route sees the not-found screen, not a refusal. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  return user?.isAdmin ? children : <NotFound />;
}

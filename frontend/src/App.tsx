import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { hostKindOf } from './app/host.ts';
import { AppToaster } from './components/AppToaster.tsx';
import { NotFound } from './components/NotFound.tsx';
import { PageLoading } from './components/PageLoading.tsx';

/*
 * Every page is its own chunk. The entry holds React, the router and the toaster only; the
 * Redux store with RTK Query comes with StoreLayout, which wraps the pages that call the API
 * through it. Visitor pages (key page, hash gate, landing, invite, legal) never load it.
 */
const StoreLayout = lazy(() => import('./app/StoreLayout.tsx'));
const RequireUser = lazy(() => import('./features/auth/RequireUser.tsx'));
const LoginPage = lazy(() => import('./features/auth/LoginPage.tsx'));
const DiscordCallbackPage = lazy(() => import('./features/discord/DiscordCallbackPage.tsx'));
const PanelPage = lazy(() => import('./features/panel/PanelPage.tsx'));
const AdminRoute = lazy(() => import('./features/admin/AdminRoute.tsx'));
const BuyPage = lazy(() => import('./features/billing/BuyPage.tsx'));
const FeaturesPage = lazy(() => import('./features/marketing/FeaturesPage.tsx'));
const StatusPage = lazy(() => import('./features/marketing/StatusPage.tsx'));
const InvitePage = lazy(() => import('./features/marketing/InvitePage.tsx'));
const PosterLanding = lazy(() => import('./features/marketing/PosterLanding.tsx'));
const PrivacyPage = lazy(() => import('./features/marketing/PrivacyPage.tsx'));
const TermsPage = lazy(() => import('./features/marketing/TermsPage.tsx'));
const HashGate = lazy(() => import('./features/keys/HashGate.tsx'));
const KeyPageRoute = lazy(() => import('./features/keys/KeyPageRoute.tsx'));
const RestrictedPage = lazy(() => import('./features/keys/RestrictedPage.tsx'));

/**
 * The first screen's chunks are fetched together at start instead of one after another as
 * each lazy layer renders: on a slow link every step of that chain cost a round trip before
 * the page could paint its main content.
 */
const firstScreenChunks: Array<[RegExp, Array<() => Promise<unknown>>]> = [
  [/^\/features/, [() => import('./features/marketing/FeaturesPage.tsx')]],
  [/^\/gen/, [() => import('./features/keys/HashGate.tsx'), () => import('./features/keys/KeyPageRoute.tsx')]],
  [/^\/key\//, [() => import('./features/keys/KeyPageRoute.tsx')]],
  [/^\/(login|panel|admin|auth|buy)/, [() => import('./app/StoreLayout.tsx')]],
];
for (const [path, chunks] of firstScreenChunks) {
  if (typeof location !== 'undefined' && path.test(location.pathname)) for (const load of chunks) void load();
}

function HostHome() {
  switch (hostKindOf(window.location.hostname)) {
    case 'invite':
      return <InvitePage />;
    case 'poster':
      return <PosterLanding />;
    case 'status':
      return <Navigate to="/status" replace />;
    default:
      return <Navigate to="/login" replace />;
  }
}

export function App() {
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<HostHome />} />
          <Route path="/gen" element={<HashGate />} />
          <Route path="/key/:serverId" element={<KeyPageRoute />} />
          <Route path="/403" element={<RestrictedPage />} />
          <Route path="/invite" element={<InvitePage />} />
          <Route path="/poster" element={<PosterLanding />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/features" element={<FeaturesPage />} />
          <Route element={<StoreLayout />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/auth/discord/callback" element={<DiscordCallbackPage />} />
            <Route path="/status" element={<StatusPage />} />
            <Route element={<RequireUser />}>
              <Route path="/panel" element={<PanelPage />} />
              <Route path="/admin/*" element={<AdminRoute />} />
              <Route path="/buy/:plan" element={<BuyPage />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <AppToaster />
    </>
  );
}

import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { store } from './store.ts';

/**
 * The Redux store (and with it RTK Query) belongs to the pages that need it: login, the
 * panels, the landing and status pages. It is a separate chunk so that the visitor key page
 * and the static pages never download it (the key page's 100 KB budget).
 */
export default function StoreLayout() {
  return (
    <Provider store={store}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </Provider>
  );
}

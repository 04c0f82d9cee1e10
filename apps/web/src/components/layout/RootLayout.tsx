import { Link as RouterLink, Outlet, ScrollRestoration } from 'react-router';
import { CookieConsent } from '@kiosk/react';
import { usePageViewTracker } from '../../hooks/use-page-view-tracker.ts';
import { PageLinkContext } from './page-link.tsx';

/** Wraps every route, whichever shell it uses: page-view tracking, the cookie banner, in-app links. */
export function RootLayout() {
  usePageViewTracker();
  return (
    <PageLinkContext.Provider value={RouterLink}>
      <Outlet />
      <ScrollRestoration />
      <CookieConsent />
    </PageLinkContext.Provider>
  );
}

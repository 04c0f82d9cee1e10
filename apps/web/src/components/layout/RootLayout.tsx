import { Outlet, ScrollRestoration } from 'react-router';
import { CookieConsent } from '@kiosk/react';
import { usePageViewTracker } from '../../hooks/use-page-view-tracker.ts';

/** Wraps every route, whichever shell it uses: page-view tracking and the cookie banner. */
export function RootLayout() {
  usePageViewTracker();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <CookieConsent />
    </>
  );
}

import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../screen-routes.tsx';

const DonationsPage = lazy(() =>
  import('./DonationsPage.tsx').then((module) => ({ default: module.DonationsPage })),
);

/** The owner's donations page, at the address seed 000 §2 gives it, in the dashboard's frame. */
export const dashboardDonationsScreens: RouteObject[] = [
  lazyScreen('/integrations/donations', <DonationsPage />),
];

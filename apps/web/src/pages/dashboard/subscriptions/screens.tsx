import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../screen-routes.tsx';

const SubscriptionsPage = lazy(() =>
  import('./SubscriptionsPage.tsx').then((module) => ({ default: module.SubscriptionsPage })),
);
const SubscriptionDetailPage = lazy(() =>
  import('./SubscriptionDetailPage.tsx').then((module) => ({ default: module.SubscriptionDetailPage })),
);

/** The dashboard's subscriptions section: its routes, each screen loading on its first visit. */
export const dashboardSubscriptionsScreens: RouteObject[] = [
  lazyScreen('/dashboard/subscriptions', <SubscriptionsPage />),
  lazyScreen('/dashboard/subscriptions/:id', <SubscriptionDetailPage />),
];

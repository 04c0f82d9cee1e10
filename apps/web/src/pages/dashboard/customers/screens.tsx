import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../screen-routes.tsx';

const CustomersPage = lazy(() =>
  import('./CustomersPage.tsx').then((module) => ({ default: module.CustomersPage })),
);
const CustomerDetailPage = lazy(() =>
  import('./CustomerDetailPage.tsx').then((module) => ({ default: module.CustomerDetailPage })),
);

/** The dashboard's customers section: its routes, each screen loading on its first visit. */
export const dashboardCustomersScreens: RouteObject[] = [
  lazyScreen('/dashboard/customers', <CustomersPage />),
  lazyScreen('/dashboard/customers/:id', <CustomerDetailPage />),
];

import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../screen-routes.tsx';

const InvoicesPage = lazy(() =>
  import('./InvoicesPage.tsx').then((module) => ({ default: module.InvoicesPage })),
);
const InvoiceDetailPage = lazy(() =>
  import('./InvoiceDetailPage.tsx').then((module) => ({ default: module.InvoiceDetailPage })),
);

/** The dashboard's invoices section: its routes, each screen loading on its first visit. */
export const dashboardInvoicesScreens: RouteObject[] = [
  lazyScreen('/dashboard/invoices', <InvoicesPage />),
  lazyScreen('/dashboard/invoices/:id', <InvoiceDetailPage />),
];

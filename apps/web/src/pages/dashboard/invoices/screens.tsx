import type { RouteObject } from 'react-router';
import { comingSoon } from '../../../screen-routes.tsx';

/** The dashboard's invoices section: its routes, each screen loading on its first visit. */
export const dashboardInvoicesScreens: RouteObject[] = [
  // A payment's invoice link leads here until the dashboard's invoices screens are built.
  comingSoon('/dashboard/invoices/:id', 'page.screen.invoice'),
];

import type { RouteObject } from 'react-router';
import { comingSoon } from '../../../screen-routes.tsx';

/** The dashboard's payment links section. */
export const dashboardLinksScreens: RouteObject[] = [
  comingSoon('/dashboard/payment-links', 'dashboard.nav.paymentLinks'),
];

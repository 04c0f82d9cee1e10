import type { RouteObject } from 'react-router';
import { comingSoon } from '../../../screen-routes.tsx';

/** The dashboard's products section (the catalog: products and their prices). */
export const dashboardProductsScreens: RouteObject[] = [
  comingSoon('/dashboard/products', 'dashboard.nav.products'),
];

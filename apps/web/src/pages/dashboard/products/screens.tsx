import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../screen-routes.tsx';

const ProductsPage = lazy(() =>
  import('./ProductsPage.tsx').then((module) => ({ default: module.ProductsPage })),
);
const ProductDetailPage = lazy(() =>
  import('./ProductDetailPage.tsx').then((module) => ({ default: module.ProductDetailPage })),
);

/** The dashboard's products section (the catalog: products and their prices). */
export const dashboardProductsScreens: RouteObject[] = [
  lazyScreen('/dashboard/products', <ProductsPage />),
  lazyScreen('/dashboard/products/:id', <ProductDetailPage />),
];

import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../screen-routes.tsx';

const PaymentLinksPage = lazy(() =>
  import('./PaymentLinksPage.tsx').then((module) => ({ default: module.PaymentLinksPage })),
);
const PaymentLinkDetailPage = lazy(() =>
  import('./PaymentLinkDetailPage.tsx').then((module) => ({ default: module.PaymentLinkDetailPage })),
);

/** The dashboard's payment links section. */
export const dashboardLinksScreens: RouteObject[] = [
  lazyScreen('/dashboard/payment-links', <PaymentLinksPage />),
  lazyScreen('/dashboard/payment-links/:id', <PaymentLinkDetailPage />),
];

import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ProtectedRoute } from './components/ProtectedRoute.tsx';
import { RouteErrorPage } from './components/RouteErrorPage.tsx';
import { AppShell } from './components/layout/AppShell.tsx';
import { RootLayout } from './components/layout/RootLayout.tsx';
import { CONSOLE_ROLES, DEVELOPER_ROLES } from './lib/roles.ts';
import { MERCHANT_ROLES } from './pages/dashboard/merchant-roles.ts';
import { dashboardCustomersScreens } from './pages/dashboard/customers/screens.tsx';
import { dashboardDonationsScreens } from './pages/dashboard/donations/screens.tsx';
import { dashboardHomeScreens } from './pages/dashboard/home/screens.tsx';
import { dashboardInvoicesScreens } from './pages/dashboard/invoices/screens.tsx';
import { dashboardLinksScreens } from './pages/dashboard/links/screens.tsx';
import { dashboardProductsScreens } from './pages/dashboard/products/screens.tsx';
import { dashboardSubscriptionsScreens } from './pages/dashboard/subscriptions/screens.tsx';
import { lazyFrame, lazyScreen } from './screen-routes.tsx';

// The profile's tables and forms load on its first visit; most visitors only browse the store.
const ProfilePage = lazy(() =>
  import('./pages/ProfilePage.tsx').then((module) => ({ default: module.ProfilePage })),
);
// The merchant dashboard loads only for the owners and admins who open it.
const DashboardLayout = lazy(() =>
  import('./pages/dashboard/DashboardLayout.tsx').then((module) => ({ default: module.DashboardLayout })),
);
const PaymentsPage = lazy(() =>
  import('./pages/dashboard/PaymentsPage.tsx').then((module) => ({ default: module.PaymentsPage })),
);
const PaymentDetailPage = lazy(() =>
  import('./pages/dashboard/payment/PaymentDetailPage.tsx').then((module) => ({
    default: module.PaymentDetailPage,
  })),
);
// The Developers screens (issue 23 items 1 and 4): webhook endpoints, their deliveries, the events log
// and test mode's test clocks.
const DevelopersPage = lazy(() =>
  import('./pages/dashboard/developers/DevelopersPage.tsx').then((module) => ({
    default: module.DevelopersPage,
  })),
);
const WebhooksPage = lazy(() =>
  import('./pages/dashboard/developers/WebhooksPage.tsx').then((module) => ({
    default: module.WebhooksPage,
  })),
);
const WebhookEndpointPage = lazy(() =>
  import('./pages/dashboard/developers/WebhookEndpointPage.tsx').then((module) => ({
    default: module.WebhookEndpointPage,
  })),
);
const EventsPage = lazy(() =>
  import('./pages/dashboard/developers/EventsPage.tsx').then((module) => ({ default: module.EventsPage })),
);
const TestClocksPage = lazy(() =>
  import('./pages/dashboard/developers/test-clocks/TestClocksPage.tsx').then((module) => ({
    default: module.TestClocksPage,
  })),
);
const StoreAnalyticsPage = lazy(() =>
  import('./pages/console/StoreAnalyticsPage.tsx').then((module) => ({ default: module.StoreAnalyticsPage })),
);
// The customer portal's pages load when a buyer opens one (the invoice from a checkout's success screen).
const InvoicePage = lazy(() =>
  import('./pages/customer/InvoicePage.tsx').then((module) => ({ default: module.InvoicePage })),
);
const CustomerPortalPage = lazy(() =>
  import('./pages/customer/CustomerPortalPage.tsx').then((module) => ({
    default: module.CustomerPortalPage,
  })),
);
const PastDuePage = lazy(() =>
  import('./pages/customer/PastDuePage.tsx').then((module) => ({ default: module.PastDuePage })),
);
const SubscriptionPage = lazy(() =>
  import('./pages/customer/SubscriptionPage.tsx').then((module) => ({ default: module.SubscriptionPage })),
);
// The checkout's form, rules and wallet code load only on the checkout page.
const CheckoutPage = lazy(() =>
  import('./pages/CheckoutPage.tsx').then((module) => ({ default: module.CheckoutPage })),
);

// The store front's screens (issue 12 item 9): each loads on its first visit.
const StoreHomePage = lazy(() =>
  import('./pages/store/StoreHomePage.tsx').then((module) => ({ default: module.StoreHomePage })),
);
const StoreResultsPage = lazy(() =>
  import('./pages/store/StoreResultsPage.tsx').then((module) => ({ default: module.StoreResultsPage })),
);
const AppDetailPage = lazy(() =>
  import('./pages/store/AppDetailPage.tsx').then((module) => ({ default: module.AppDetailPage })),
);

// The developer's pages (issue 12 items 3, 4) load when opened: most visitors never publish an app.
const ConnectCliPage = lazy(() =>
  import('./pages/developer/ConnectCliPage.tsx').then((module) => ({ default: module.ConnectCliPage })),
);
const AccessTokensPage = lazy(() =>
  import('./pages/developer/AccessTokensPage.tsx').then((module) => ({ default: module.AccessTokensPage })),
);
// The browser's `kiosk keygen` (issue 12 item 1): its key code loads only here.
const GenKeyPairPage = lazy(() =>
  import('./pages/gen-key-pair/GenKeyPairPage.tsx').then((module) => ({ default: module.GenKeyPairPage })),
);
// Asking to join as a developer (issue 12 item 7): its form and terms load only here.
const JoinPage = lazy(() =>
  import('./pages/join/JoinPage.tsx').then((module) => ({ default: module.JoinPage })),
);
const DeveloperAppsPage = lazy(() =>
  import('./pages/developer-apps/DeveloperAppsPage.tsx').then((module) => ({
    default: module.DeveloperAppsPage,
  })),
);

// The admins' console (issue 12 item 8) loads only for the owners and admins who open it.
const ConsoleAppsPage = lazy(() =>
  import('./pages/console/ConsoleAppsPage.tsx').then((module) => ({ default: module.ConsoleAppsPage })),
);
const CategoriesPage = lazy(() =>
  import('./pages/console/CategoriesPage.tsx').then((module) => ({ default: module.CategoriesPage })),
);
const ReportedCommentsPage = lazy(() =>
  import('./pages/console/comments/ReportedCommentsPage.tsx').then((module) => ({
    default: module.ReportedCommentsPage,
  })),
);

// Seed 001 §2 (with {product} = app) and seed 000 §2.
const publicScreens: RouteObject[] = [
  lazyScreen('/', <StoreHomePage />),
  lazyScreen('/search', <StoreResultsPage />),
  lazyScreen('/category/:category', <StoreResultsPage />),
  lazyScreen('/apps/:did/:version?', <AppDetailPage />),
  lazyScreen('/app/:did', <AppDetailPage />),
  lazyScreen('/connect-cli', <ConnectCliPage />),
  lazyScreen('/gen-key-pair', <GenKeyPairPage />),
  lazyScreen('/connect-studio', <ConnectCliPage client="studio" />),
  lazyScreen('/join', <JoinPage />),
];

// The protected group (seed 001 §2), split by the role each part needs.
const signedInScreens: RouteObject[] = [
  lazyScreen('/profile', <ProfilePage />),
  lazyScreen('/customer', <CustomerPortalPage />),
  lazyScreen('/customer/subscription/:id', <SubscriptionPage />),
  lazyScreen('/customer/invoice/past-due', <PastDuePage />),
  lazyScreen('/customer/invoice/:id', <InvoicePage />),
];

const developerScreens: RouteObject[] = [
  lazyScreen('/developer/apps', <DeveloperAppsPage />),
  lazyScreen('/developer/access-tokens', <AccessTokensPage />),
];

const consoleScreens: RouteObject[] = [
  lazyScreen('/console/apps', <ConsoleAppsPage />),
  lazyScreen('/console/categories', <CategoriesPage />),
  lazyScreen('/console/comments', <ReportedCommentsPage />),
  lazyScreen('/console/analytics', <StoreAnalyticsPage />),
];

// Kiosk Pay's merchant screens, for the roles the API's merchant routes admit.
const dashboardScreens: RouteObject[] = [
  { path: '/dashboard', element: <Navigate to="/dashboard/home" replace /> },
  lazyScreen('/dashboard/payments', <PaymentsPage />),
  lazyScreen('/dashboard/payments/:id', <PaymentDetailPage />),
  lazyScreen('/dashboard/developers', <DevelopersPage />),
  lazyScreen('/dashboard/developers/webhooks', <WebhooksPage />),
  lazyScreen('/dashboard/developers/webhooks/:id', <WebhookEndpointPage />),
  lazyScreen('/dashboard/developers/events', <EventsPage />),
  lazyScreen('/dashboard/developers/test-clocks', <TestClocksPage />),
  ...dashboardHomeScreens,
  ...dashboardProductsScreens,
  ...dashboardLinksScreens,
  ...dashboardCustomersScreens,
  ...dashboardSubscriptionsScreens,
  ...dashboardInvoicesScreens,
  ...dashboardDonationsScreens,
];

// The hosted checkout is reached from other sites, so it shows no store navigation.
const checkoutScreens: RouteObject[] = [lazyScreen('/checkout/pay/:id', <CheckoutPage />)];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Only for a failure of the shell itself; screens fail inside the shell below.
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AppShell />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              ...publicScreens,
              { element: <ProtectedRoute />, children: signedInScreens },
              { element: <ProtectedRoute roles={DEVELOPER_ROLES} />, children: developerScreens },
              { element: <ProtectedRoute roles={CONSOLE_ROLES} />, children: consoleScreens },
              {
                element: <ProtectedRoute roles={MERCHANT_ROLES} />,
                children: [lazyFrame(<DashboardLayout />, dashboardScreens)],
              },
            ],
          },
        ],
      },
      {
        element: <AppShell minimal />,
        children: [{ errorElement: <RouteErrorPage />, children: checkoutScreens }],
      },
      // Seed 001 §2: any other path goes to the store home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

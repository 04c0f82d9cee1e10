import { Outlet } from 'react-router';
import Container from '@mui/material/Container';
import { dashboardMessages } from '@kiosk/core/i18n/dashboard';
import { useScreenMessages } from '@kiosk/react';
import { LivemodeSwitch } from '../../components/layout/LivemodeSwitch.tsx';
import { SectionNav } from '../../components/layout/SectionNav.tsx';

const SECTIONS = [
  { to: '/dashboard/home', label: 'dashboard.nav.home' },
  { to: '/dashboard/payments', label: 'dashboard.nav.payments' },
  { to: '/dashboard/products', label: 'dashboard.nav.products' },
  { to: '/dashboard/payment-links', label: 'dashboard.nav.paymentLinks' },
  { to: '/dashboard/customers', label: 'dashboard.nav.customers' },
  { to: '/dashboard/subscriptions', label: 'dashboard.nav.subscriptions' },
  { to: '/dashboard/invoices', label: 'dashboard.nav.invoices' },
  { to: '/integrations/donations', label: 'dashboard.nav.donations' },
  { to: '/dashboard/developers', label: 'dashboard.nav.developers' },
] as const;

/**
 * The frame of every dashboard screen: its sections and the live/test switch above the screen. The
 * current section (its list or any of its detail pages) is marked with aria-current by NavLink.
 */
export function DashboardLayout() {
  useScreenMessages(dashboardMessages);
  return (
    <>
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pt: { xs: 2, md: 3 } }}
      >
        <SectionNav label="dashboard.nav.label" sections={SECTIONS} sx={{ flexGrow: 1 }} />
        <LivemodeSwitch />
      </Container>
      <Outlet />
    </>
  );
}

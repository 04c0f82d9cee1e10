import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { dashboardMessages } from '@kiosk/core/i18n/dashboard';
import { useScreenMessages } from '@kiosk/react';
import { LivemodeSwitch } from '../../components/layout/LivemodeSwitch.tsx';

const SECTIONS = [
  { to: '/dashboard/home', label: 'dashboard.nav.home' },
  { to: '/dashboard/payments', label: 'dashboard.nav.payments' },
  { to: '/dashboard/customers', label: 'dashboard.nav.customers' },
  { to: '/dashboard/subscriptions', label: 'dashboard.nav.subscriptions' },
  { to: '/dashboard/invoices', label: 'dashboard.nav.invoices' },
  { to: '/dashboard/developers', label: 'dashboard.nav.developers' },
] as const;

/**
 * The frame of every dashboard screen: its sections and the live/test switch above the screen. The
 * current section (its list or any of its detail pages) is marked with aria-current by NavLink.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  useScreenMessages(dashboardMessages);
  return (
    <>
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pt: { xs: 2, md: 3 } }}
      >
        <Box
          component="nav"
          aria-label={t('dashboard.nav.label')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexGrow: 1 }}
        >
          {SECTIONS.map((section) => (
            <Button
              key={section.to}
              component={NavLink}
              to={section.to}
              size="small"
              sx={{ '&[aria-current="page"]': { bgcolor: 'action.selected', fontWeight: 700 } }}
            >
              {t(section.label)}
            </Button>
          ))}
        </Box>
        <LivemodeSwitch />
      </Container>
      <Outlet />
    </>
  );
}

import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

export interface AppShellProps {
  /** Header without the store navigation, for pages a buyer reaches from elsewhere (checkout). */
  minimal?: boolean;
}

export function AppShell({ minimal = false }: AppShellProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppHeader minimal={minimal} />
      {/* tabIndex -1: the skip link moves focus here; the outline is dropped as the focus is not the user's own. */}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, '&:focus, &:focus-visible': { outline: 'none' } }}
      >
        <Outlet />
      </Box>
      <AppFooter />
    </Box>
  );
}

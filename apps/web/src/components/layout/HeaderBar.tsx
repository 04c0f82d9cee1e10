import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { HeaderAccount } from '../auth/HeaderAccount.tsx';
import { BrandLink } from './BrandLink.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { TestModeChip } from './TestModeChip.tsx';

export interface HeaderBarProps {
  /** The store navigation; left out on pages a buyer reaches from elsewhere (the hosted checkout). */
  nav?: ReactNode;
}

/** The header every page shows. Free of the router, so the hosted checkout's own entry shows it too. */
export function HeaderBar({ nav }: HeaderBarProps) {
  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: { xs: 1, md: 3 } }}>
        <BrandLink />
        {nav}
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TestModeChip />
          <LanguageSwitch />
          <HeaderAccount />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}

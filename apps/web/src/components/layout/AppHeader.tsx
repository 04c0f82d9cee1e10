import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { HeaderAccount } from '../auth/HeaderAccount.tsx';
import { BrandLink } from './BrandLink.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainNav } from './MainNav.tsx';
import { TestModeChip } from './TestModeChip.tsx';

export interface AppHeaderProps {
  /** Leaves out the store navigation, e.g. on the hosted checkout page. */
  minimal?: boolean;
}

export function AppHeader({ minimal = false }: AppHeaderProps) {
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
        {!minimal && <MainNav />}
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

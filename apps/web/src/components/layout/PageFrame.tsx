import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { AppFooter } from './AppFooter.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

export interface PageFrameProps {
  header: ReactNode;
  children: ReactNode;
}

/** The skip link, the header, the page's main content and the footer; free of the router. */
export function PageFrame({ header, children }: PageFrameProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {header}
      {/* tabIndex -1: the skip link moves focus here; the outline is dropped as the focus is not the user's own. */}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, '&:focus, &:focus-visible': { outline: 'none' } }}
      >
        {children}
      </Box>
      <AppFooter />
    </Box>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { MONOSPACE_FONT } from '../../../theme.ts';

/** An id, hash or DID as the merchant copies it: monospace, broken anywhere rather than overflowing. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
    >
      {children}
    </Box>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface StatusOutcomeProps {
  icon: ReactNode;
  title: string;
  hint?: string;
  /** What the visitor may do next (buttons, links). */
  children?: ReactNode;
}

/**
 * Where a one-task page stands once it is settled (approved, expired, not found, failed): a large
 * icon, a heading, a hint and the next step, announced as a status.
 */
export function StatusOutcome({ icon, title, hint, children }: StatusOutcomeProps) {
  return (
    <Stack spacing={1.5} role="status" sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }} aria-hidden>
        {icon}
      </Box>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {hint && <Typography color="text.secondary">{hint}</Typography>}
      {children}
    </Stack>
  );
}

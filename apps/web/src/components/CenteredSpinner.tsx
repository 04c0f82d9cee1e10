import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export interface CenteredSpinnerProps {
  /** What is being waited for, read out by screen readers. */
  label: string;
}

export function CenteredSpinner({ label }: CenteredSpinnerProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

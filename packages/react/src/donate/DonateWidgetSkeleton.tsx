import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/**
 * Where the donate button and the supporters will be, at their size, while the widget's code or the
 * supporters load: the host page does not move when they arrive. Named for screen readers once the
 * widget's texts are there (`label`); hidden from them before.
 */
export function DonateWidgetSkeleton({ history, label }: { history: 'avatars' | 'none'; label?: string }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center' }}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <Skeleton variant="rounded" width={112} height={40} />
      {history !== 'none' && <Skeleton variant="rounded" width={160} height={32} />}
    </Stack>
  );
}

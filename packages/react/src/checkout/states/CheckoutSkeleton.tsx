import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from '../../data-table/visually-hidden.ts';
import { isMinimal, type CheckoutLayout } from '../layouts.ts';

/** The checkout's shape while it loads: the summary (unless minimal) beside the payment form. */
function CheckoutSkeleton({ withSummary, wide }: { withSummary: boolean; wide: boolean }) {
  const { t } = useTranslation();
  const column = (rows: number) => (
    <Stack spacing={1.5} sx={{ flex: 1 }}>
      <Skeleton variant="text" width="40%" height={32} />
      {Array.from({ length: rows }, (_, index) => (
        <Stack key={index} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Skeleton variant="rounded" width={48} height={48} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" />
            <Skeleton variant="text" width="60%" />
          </Box>
        </Stack>
      ))}
      <Skeleton variant="rounded" height={44} />
    </Stack>
  );
  return (
    <Box role="status" aria-busy="true" data-testid="checkout-skeleton">
      <Box component="span" sx={visuallyHidden}>
        {t('checkout.loading')}
      </Box>
      <Stack direction={wide ? { xs: 'column', md: 'row' } : 'column'} spacing={wide ? 6 : 3}>
        {withSummary && column(2)}
        {column(3)}
      </Stack>
    </Box>
  );
}

/**
 * The skeleton of a layout: what CheckoutForm shows while its session loads, and what a page that loads
 * the form's own code on demand shows meanwhile, so that nothing moves when the form arrives.
 */
export function CheckoutLoading({ mode }: { mode: CheckoutLayout }) {
  return <CheckoutSkeleton withSummary={!isMinimal(mode)} wide={mode.startsWith('standalone')} />;
}

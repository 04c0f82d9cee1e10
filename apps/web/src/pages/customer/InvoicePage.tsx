import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useKioskSettings } from '@kiosk/react';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLivemode } from '../../hooks/use-livemode.ts';
import { InvoiceDetails } from './InvoiceDetails.tsx';
import { InvoiceProblem } from './InvoiceProblem.tsx';
import { PastDueBanner } from './PastDueBanner.tsx';
import { pastDueHref } from './past-due-referer.ts';
import { invoicePath } from './portal-mode.ts';
import { currencyOf, invoiceLinesOf } from './invoice-view.ts';
import { useInvoice, useInvoiceCheckout } from './use-invoice.ts';

/** `?livemode=false` (a test checkout's success screen links so) wins over the app's own mode. */
function modeOf(param: string | null): boolean | undefined {
  return param === 'false' ? false : param === 'true' ? true : undefined;
}

function InvoiceSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-busy="true"
      aria-label={t('page.invoice.loading')}
    >
      <Stack spacing={2}>
        <Skeleton variant="text" width="45%" height={40} />
        <Skeleton variant="text" width="30%" height={48} />
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    </Paper>
  );
}

/**
 * `/customer/invoice/{id}` (seed 000 §2), where a checkout's success screen leads: one invoice of the
 * signed-in buyer. An uncollectible one says so and leads to paying it on the past-due page, which
 * comes back here once paid; `?action=pay` (the portal's lists link so, seed 001 §2) goes there at once.
 */
export function InvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const appLivemode = useLivemode();
  const livemode = modeOf(params.get('livemode')) ?? appLivemode;
  const invoice = useInvoice(id, livemode);
  const settings = useKioskSettings(livemode);
  const checkout = useInvoiceCheckout(invoice.data?.checkout_session_id);
  useDocumentTitle(
    invoice.data ? t('page.invoice.title', { number: invoice.data.number }) : t('page.screen.invoice'),
  );

  const owed = invoice.data?.status === 'uncollectible';
  const payHref = invoice.data && pastDueHref(invoicePath(invoice.data, livemode), livemode);
  if (owed && payHref && params.get('action') === 'pay') return <Navigate to={payHref} replace />;

  // Amounts wait for the currency and lines for their names, so nothing redraws in other units.
  const loading = invoice.isPending || settings.isPending || checkout.isLoading;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      {invoice.data && !loading ? (
        <Stack spacing={2}>
          {owed && <PastDueBanner livemode={livemode} message={t('portal.invoice.uncollectible')} />}
          <InvoiceDetails
            invoice={invoice.data}
            currency={currencyOf(settings.data, invoice.data.currency_id)}
            lines={invoiceLinesOf(invoice.data, checkout.data?.checkoutSession)}
          />
        </Stack>
      ) : invoice.error ? (
        <InvoiceProblem id={id} error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : (
        <InvoiceSkeleton />
      )}
    </Container>
  );
}

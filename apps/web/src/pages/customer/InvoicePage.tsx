import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { payableInPlace, useKioskSettings } from '@kiosk/react';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { DetailFrame } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLivemode } from '../../hooks/use-livemode.ts';
import { InvoiceDetails } from './InvoiceDetails.tsx';
import { PastDueBanner } from './PastDueBanner.tsx';
import { PayInvoiceByCard } from './PayInvoiceByCard.tsx';
import { pastDueHref } from './past-due-referer.ts';
import { usePortalProblem } from './portal-problem.tsx';
import { invoicePath } from './portal-mode.ts';
import { currencyOf, invoiceLinesOf } from './invoice-view.ts';
import { useInvoice, useInvoiceCheckout } from './use-invoice.ts';

/** `?livemode=false` (a test checkout's success screen links so) wins over the app's own mode. */
function modeOf(param: string | null): boolean | undefined {
  return param === 'false' ? false : param === 'true' ? true : undefined;
}

/**
 * `/customer/invoice/{id}` (seed 000 §2), where a checkout's success screen leads: one invoice of the
 * signed-in buyer. An uncollectible one says so and leads to paying it on the past-due page, which
 * comes back here once paid; `?action=pay` (the portal's lists link so, seed 001 §2) goes there at once.
 * An invoice in a card currency is paid here instead, by card (seed 000 §4: not in place).
 */
export function InvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const appLivemode = useLivemode();
  const livemode = modeOf(params.get('livemode')) ?? appLivemode;
  // Paid by card here: read again until the server has recorded it.
  const [awaitingPayment, setAwaitingPayment] = useState(false);
  const invoice = useInvoice(id, livemode, { poll: awaitingPayment });
  const problem = usePortalProblem(invoice.error, {
    texts: 'page.invoice',
    retryKey: 'page.invoice.retry',
    id,
    onRetry: () => void invoice.refetch(),
  });
  const settings = useKioskSettings(livemode);
  const checkout = useInvoiceCheckout(invoice.data?.checkout_session_id);
  useDocumentTitle(
    invoice.data ? t('page.invoice.title', { number: invoice.data.number }) : t('page.screen.invoice'),
  );

  const owed = invoice.data?.status === 'uncollectible';
  const method = settings.data?.paymentMethods.find((m) =>
    m.payment_currencies.some((c) => c.id === invoice.data?.currency_id),
  );
  const currency = invoice.data && currencyOf(settings.data, invoice.data.currency_id);
  // Seed 000 §4, §8: a card's overdue invoice is paid here, not on the past-due page.
  const byCard = owed && method && currency && !payableInPlace(method);
  const payHref = invoice.data && pastDueHref(invoicePath(invoice.data, livemode), livemode);
  if (owed && !byCard && payHref && params.get('action') === 'pay') return <Navigate to={payHref} replace />;
  const notices =
    owed &&
    (byCard ? (
      <Alert severity="error" data-testid="past-due-banner">
        <Stack spacing={1}>
          <span>{t('portal.invoice.uncollectible')}</span>
          <PayInvoiceByCard
            invoice={invoice.data!}
            livemode={livemode}
            method={method}
            currency={currency}
            onPaid={() => setAwaitingPayment(true)}
          />
        </Stack>
      </Alert>
    ) : (
      <PastDueBanner livemode={livemode} message={t('portal.invoice.uncollectible')} />
    ));

  // Amounts wait for the currency and lines for their names, so nothing redraws in other units.
  const loading = invoice.isPending || settings.isPending || checkout.isLoading;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      {invoice.data && !loading ? (
        <InvoiceDetails
          invoice={invoice.data}
          currency={currency}
          lines={invoiceLinesOf(invoice.data, checkout.data?.checkoutSession)}
          notices={notices}
        />
      ) : (
        <DetailFrame loading loadingLabel={t('page.invoice.loading')} problem={problem} />
      )}
    </Container>
  );
}

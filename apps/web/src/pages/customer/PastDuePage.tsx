import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { DataTable, PAID_SHOWN_MS, PastDuePayment, usePastDueFocus, usePastDuePayment } from '@kiosk/react';
import { DetailFrame, DetailSection } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../hooks/use-session.ts';
import { modeKey } from '../../lib/query-client.ts';
import { useInvoiceColumns } from './InvoicesTable.tsx';
import { safeReferer } from './past-due-referer.ts';
import { usePortalLivemode } from './portal-mode.ts';
import { PortalModeChip } from './PortalModeChip.tsx';
import { useMyCustomerId } from './use-subscriptions.ts';

/**
 * `/customer/invoice/past-due?referer=…` (seed 000 §2): the signed-in customer's overdue invoices and,
 * per currency, what to pay (the past-due dialog's rows). Once every currency is paid it goes back to
 * the referer, when that is an address of this site, else to the portal.
 */
export function PastDuePage() {
  const { t } = useTranslation();
  const livemode = usePortalLivemode();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const customer = useMyCustomerId(livemode);
  const customerId = customer.data ?? '';
  const payment = usePastDuePayment({
    scope: { customerId },
    livemode,
    buyerDid: session.data?.user?.did,
    enabled: Boolean(customerId),
  });
  // Lost: back on the page's body once the button that had focus (Pay, Try again) is gone.
  const actionRef = usePastDueFocus(payment, (active) => !active || active === document.body);
  const columns = useInvoiceColumns(livemode);
  const back = safeReferer(params.get('referer'), window.location.origin, livemode);
  const title = t('portal.pastDue.title');
  useDocumentTitle(title);

  useEffect(() => {
    if (!payment.allPaid) return;
    // The page returned to must not show its answers from before the payment (its banner saying the
    // customer still owes): they are read again, inactive ones too, before going back.
    let cancelled = false;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: modeKey(livemode), refetchType: 'all' }),
      new Promise((resolve) => setTimeout(resolve, PAID_SHOWN_MS)),
    ]).then(() => {
      if (!cancelled) void navigate(back);
    });
    return () => {
      cancelled = true;
    };
  }, [payment.allPaid, queryClient, livemode, navigate, back]);

  const nothingOverdue = customer.data === null || payment.nothingOverdue;
  const failure = customer.error ?? payment.error;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <DetailFrame
        back={{ to: back, label: t('portal.pastDue.back') }}
        linkComponent={RouterLink}
        title={title}
        status={<PortalModeChip livemode={livemode} />}
        subtitle={t('portal.pastDue.description')}
      >
        {failure ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void (customer.isError ? customer.refetch() : payment.refetch())}
              >
                {t('portal.retry')}
              </Button>
            }
          >
            {t('checkout.pastDue.loadFailed')} {failure.message}
          </Alert>
        ) : nothingOverdue ? (
          <Alert severity="success">{t('portal.pastDue.nothing')}</Alert>
        ) : customer.isPending || payment.loading ? (
          <Skeleton variant="rounded" height={160} aria-label={t('checkout.pastDue.loading')} />
        ) : (
          <>
            <DetailSection title={t('portal.pastDue.invoices')}>
              <DataTable
                label={t('portal.pastDue.invoices')}
                columns={columns}
                rows={payment.invoices}
                getRowKey={(invoice) => invoice.id}
                count={payment.invoices.length}
                page={0}
                pageSize={Math.max(payment.invoices.length, 10)}
                onPageChange={() => {}}
                onPageSizeChange={() => {}}
              />
            </DetailSection>
            <PastDuePayment
              rows={payment.rows}
              invoices={payment.invoices}
              onPay={(currencyId, provider) => void payment.pay(currencyId, provider)}
              actionRef={actionRef}
              connect={
                payment.collectBatch && {
                  params: payment.collectBatch,
                  testMode: !livemode,
                  onSent: payment.sentElsewhere,
                }
              }
            />
            {payment.allPaid && (
              <Alert severity="success" role="status">
                {t('checkout.pastDue.allPaid')} {t('portal.pastDue.returning')}
              </Alert>
            )}
          </>
        )}
      </DetailFrame>
    </Container>
  );
}

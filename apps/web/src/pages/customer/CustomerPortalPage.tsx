import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useKioskSettings } from '@kiosk/react';
import { DetailFrame, DetailSection } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { InvoicesView } from './InvoicesView.tsx';
import { PastDueBanner } from './PastDueBanner.tsx';
import { PortalModeChip } from './PortalModeChip.tsx';
import { PortalModeSwitch } from './PortalModeSwitch.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { usePortalLivemode } from './portal-mode.ts';
import { useCustomerRefresh } from './use-customer-refresh.ts';
import { useCustomerOverdue } from './use-overdue.ts';
import { planName } from './subscription-view.ts';
import { useCustomerSubscriptions, useMyCustomerId } from './use-subscriptions.ts';
import { useUnixNow } from './use-unix-now.ts';

/** Cards side by side where they fit, one per row on a phone. */
const CARD_GRID = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' },
} as const;

/**
 * `/customer` (issue 11 item 7): the signed-in customer's subscriptions and their invoices. Both lists
 * name the customer, read once from `customers/me`: someone who has never checked out in this mode has
 * no customer yet, and sees the empty states without further calls.
 */
export function CustomerPortalPage() {
  const { t } = useTranslation();
  const livemode = usePortalLivemode();
  const customer = useMyCustomerId(livemode);
  const customerId = customer.data;
  // Test-mode purchases (the demo's) are offered behind a switch; in test mode this is the query above.
  const testCustomer = useMyCustomerId(false);
  const hasTestPurchases = !livemode || Boolean(testCustomer.data);
  const subscriptions = useCustomerSubscriptions(livemode, customerId);
  const settings = useKioskSettings(livemode);
  const now = useUnixNow();
  const { paid, dismissPaid } = useCustomerRefresh(livemode, customerId);
  const overdue = useCustomerOverdue(livemode, customerId);
  const pastDue = (overdue.data?.invoices.length ?? 0) > 0;
  const title = t('portal.title');
  useDocumentTitle(title);

  // A customer that failed to load fails both lists; one retry reads it again.
  const failure = customer.error ?? subscriptions.error;
  const retry = () => void (customer.isError ? customer.refetch() : subscriptions.refetch());
  const list = customerId ? (subscriptions.data?.list ?? []) : [];
  const names = new Map(list.map((subscription) => [subscription.id, planName(subscription, t)]));
  // Amounts wait for their currency, so no card redraws in other words.
  const loadingSubscriptions =
    customer.isPending || (Boolean(customerId) && (subscriptions.isPending || settings.isPending));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <DetailFrame
        title={title}
        status={<PortalModeChip livemode={livemode} />}
        subtitle={t('portal.description')}
        actions={
          hasTestPurchases && (
            <PortalModeSwitch livemode={livemode} hint={livemode && customer.data === null} />
          )
        }
        notices={pastDue && <PastDueBanner livemode={livemode} message={t('portal.pastDue.banner')} />}
      >
        <DetailSection
          title={t('portal.subscriptions.heading')}
          error={
            failure && {
              message: `${t('portal.subscriptions.loadFailed')} ${failure.message}`,
              onRetry: retry,
              retryLabel: t('portal.retry'),
            }
          }
          loading={loadingSubscriptions}
          loadingLabel={t('portal.subscriptions.loading')}
          skeleton={
            <Box sx={CARD_GRID}>
              {[0, 1].map((index) => (
                <Skeleton key={index} variant="rounded" height={120} />
              ))}
            </Box>
          }
          empty={list.length === 0}
          emptyText={t('portal.subscriptions.empty')}
        >
          <Box component="ul" sx={CARD_GRID} aria-label={t('portal.subscriptions.heading')}>
            {list.map((subscription) => (
              <SubscriptionCard
                key={subscription.id}
                subscription={subscription}
                name={names.get(subscription.id)!}
                settings={settings.data}
                livemode={livemode}
                now={now}
              />
            ))}
          </Box>
          {subscriptions.data && subscriptions.data.count > list.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('portal.subscriptions.more', { shown: list.length, count: subscriptions.data.count })}
            </Typography>
          )}
        </DetailSection>

        <DetailSection title={t('portal.invoices.heading')}>
          {customerId ? (
            <InvoicesView
              key={`${livemode}-${customerId}`}
              livemode={livemode}
              filter={{ customerId }}
              label={t('portal.invoices.heading')}
              subscriptionNames={names}
              action="pay"
            />
          ) : customer.isPending ? (
            <Skeleton variant="rounded" height={160} aria-hidden />
          ) : (
            !customer.isError && <Typography color="text.secondary">{t('portal.invoices.empty')}</Typography>
          )}
        </DetailSection>
      </DetailFrame>
      <Snackbar
        open={paid}
        autoHideDuration={6_000}
        onClose={dismissPaid}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" onClose={dismissPaid}>
          {t('billing.invoice.paid')}
        </Alert>
      </Snackbar>
    </Container>
  );
}

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useKioskSettings } from '@kiosk/react';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { InvoicesView } from './InvoicesView.tsx';
import { PastDueBanner } from './PastDueBanner.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { usePortalLivemode } from './portal-mode.ts';
import { useCustomerRefresh } from './use-customer-refresh.ts';
import { useCustomerOverdue } from './use-overdue.ts';
import { usePlanNames } from './use-plan-names.ts';
import { useCustomerSubscriptions, useMyCustomerId } from './use-subscriptions.ts';
import { useUnixNow } from './use-unix-now.ts';

const TITLE_ID = 'portal-title';
const SUBSCRIPTIONS_ID = 'portal-subscriptions';
const INVOICES_ID = 'portal-invoices';

/** Cards side by side where they fit, one per row on a phone. */
const CARD_GRID = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' },
} as const;

function SubscriptionsSkeleton({ label }: { label: string }) {
  return (
    <Box sx={CARD_GRID} aria-busy="true" aria-label={label} role="status">
      {[0, 1].map((index) => (
        <Skeleton key={index} variant="rounded" height={120} />
      ))}
    </Box>
  );
}

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
  const plans = usePlanNames(list);
  // Amounts wait for their currency and plans for their names, so no card redraws in other words.
  const loadingSubscriptions =
    customer.isPending ||
    (Boolean(customerId) && (subscriptions.isPending || settings.isPending || plans.pending));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={4} component="section" aria-labelledby={TITLE_ID}>
        <Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={TITLE_ID} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {!livemode && (
              <Chip label={t('shell.testMode')} color="warning" variant="outlined" size="small" />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('portal.description')}
          </Typography>
        </Box>

        {pastDue && <PastDueBanner livemode={livemode} message={t('portal.pastDue.banner')} />}

        <Box component="section" aria-labelledby={SUBSCRIPTIONS_ID}>
          <Typography id={SUBSCRIPTIONS_ID} component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('portal.subscriptions.heading')}
          </Typography>
          {failure ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={retry}>
                  {t('portal.retry')}
                </Button>
              }
            >
              {t('portal.subscriptions.loadFailed')} {failure.message}
            </Alert>
          ) : loadingSubscriptions ? (
            <SubscriptionsSkeleton label={t('portal.subscriptions.loading')} />
          ) : list.length === 0 ? (
            <Typography color="text.secondary">{t('portal.subscriptions.empty')}</Typography>
          ) : (
            <>
              <Box component="ul" sx={CARD_GRID} aria-labelledby={SUBSCRIPTIONS_ID}>
                {list.map((subscription) => (
                  <SubscriptionCard
                    key={subscription.id}
                    subscription={subscription}
                    name={plans.names.get(subscription.id)!}
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
            </>
          )}
        </Box>

        <Box component="section" aria-labelledby={INVOICES_ID}>
          <Typography id={INVOICES_ID} component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('portal.invoices.heading')}
          </Typography>
          {customerId ? (
            <InvoicesView
              key={`${livemode}-${customerId}`}
              livemode={livemode}
              filter={{ customerId }}
              label={t('portal.invoices.heading')}
              subscriptionNames={plans.names}
              action="pay"
            />
          ) : customer.isPending ? (
            <Skeleton variant="rounded" height={160} aria-hidden />
          ) : (
            !customer.isError && <Typography color="text.secondary">{t('portal.invoices.empty')}</Typography>
          )}
        </Box>
      </Stack>
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

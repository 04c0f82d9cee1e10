import { planChangeMessages } from '@kiosk/core/i18n/plan-change';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useKioskSettings, useScreenMessages } from '@kiosk/react';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { PendingPlanChangeNotice } from './ChangePlanPayment.tsx';
import { InvoicesView } from './InvoicesView.tsx';
import { PastDueBanner } from './PastDueBanner.tsx';
import { SubscriptionDetails } from './SubscriptionDetails.tsx';
import { SubscriptionProblem } from './SubscriptionProblem.tsx';
import { portalPath, usePortalLivemode } from './portal-mode.ts';
import { needsProductNames, planName, productNamesOf, subscriptionSchedule } from './subscription-view.ts';
import { useInvoiceCheckout } from './use-invoice.ts';
import { useSubscription } from './use-subscriptions.ts';
import { useUnixNow } from './use-unix-now.ts';

const INVOICES_ID = 'subscription-invoices';

function SubscriptionSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-busy="true"
      aria-label={t('portal.subscription.loading')}
      role="status"
    >
      <Stack spacing={2}>
        <Skeleton variant="text" width="45%" height={40} />
        <Skeleton variant="text" width="30%" height={32} />
        <Skeleton variant="rounded" height={40} width={200} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    </Paper>
  );
}

/**
 * `/customer/subscription/{id}` (seed 000 §2), where a subscription checkout's success screen leads:
 * the subscription, the customer's actions on it (cancel, resume) and its invoices.
 */
export function SubscriptionPage() {
  useScreenMessages(planChangeMessages);
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const livemode = usePortalLivemode();
  const subscription = useSubscription(id, livemode);
  const settings = useKioskSettings(livemode);
  const checkout = useInvoiceCheckout(
    subscription.data && needsProductNames(subscription.data)
      ? subscription.data.checkout_session_id
      : undefined,
  );
  const now = useUnixNow();
  const date = (unix: number) => formatUnixTime(unix, i18n.language);
  const productNames = productNamesOf(checkout.data?.checkoutSession);
  const name = subscription.data && planName(subscription.data, productNames);
  useDocumentTitle(name ?? t('page.screen.subscription'));

  // Amounts wait for their currency and the plan for its name, so nothing redraws in other words.
  const loading = subscription.isPending || settings.isPending || checkout.isLoading;
  const schedule = subscription.data && subscriptionSchedule(subscription.data, now);
  // Seed 001 §4: an active or trialing subscription without invoices shows the next invoice date.
  const nextInvoiceAt =
    schedule && (schedule.kind === 'renews' || schedule.kind === 'trial')
      ? schedule.nextInvoiceAt
      : undefined;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Link
        component={RouterLink}
        to={portalPath('/customer', livemode)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('portal.subscription.back')}
      </Link>
      {subscription.data && !loading ? (
        <Stack spacing={4}>
          {subscription.data.status === 'past_due' && (
            <PastDueBanner livemode={livemode} message={t('portal.pastDue.subscriptionBanner')} />
          )}
          {/* A plan change waiting for its invoice, with "Pay now" (seed 000 §1). */}
          <PendingPlanChangeNotice subscription={subscription.data} livemode={livemode} />
          <SubscriptionDetails
            subscription={subscription.data}
            name={name!}
            productNames={productNames}
            settings={settings.data}
            livemode={livemode}
            now={now}
            date={date}
          />
          <Box component="section" aria-labelledby={INVOICES_ID}>
            <Typography id={INVOICES_ID} component="h2" variant="h6" sx={{ mb: 2 }}>
              {t('portal.subscription.invoices')}
            </Typography>
            <InvoicesView
              key={`${livemode}-${id}`}
              livemode={livemode}
              filter={{ customerId: subscription.data.customer_id, subscriptionId: id }}
              label={t('portal.subscription.invoices')}
              action="pay"
              emptyText={
                nextInvoiceAt === undefined
                  ? undefined
                  : t('portal.invoices.nextInvoice', { date: date(nextInvoiceAt) })
              }
            />
          </Box>
        </Stack>
      ) : subscription.error ? (
        <SubscriptionProblem id={id} error={subscription.error} onRetry={() => void subscription.refetch()} />
      ) : (
        <SubscriptionSkeleton />
      )}
    </Container>
  );
}

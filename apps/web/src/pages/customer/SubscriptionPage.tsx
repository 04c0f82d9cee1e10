import { planChangeMessages } from '@kiosk/core/i18n/plan-change';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Container from '@mui/material/Container';
import { useKioskSettings, useScreenMessages } from '@kiosk/react';
import { DetailFrame, DetailSection } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { PendingPlanChangeNotice } from './ChangePlanPayment.tsx';
import { InvoicesView } from './InvoicesView.tsx';
import { PastDueBanner } from './PastDueBanner.tsx';
import { SubscriptionDetails } from './SubscriptionDetails.tsx';
import { portalPath, usePortalLivemode } from './portal-mode.ts';
import { usePortalProblem } from './portal-problem.tsx';
import { planName, subscriptionSchedule } from './subscription-view.ts';
import { useSubscription } from './use-subscriptions.ts';
import { useUnixNow } from './use-unix-now.ts';

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
  const problem = usePortalProblem(subscription.error, {
    texts: 'portal.subscription',
    retryKey: 'portal.retry',
    id,
    onRetry: () => void subscription.refetch(),
  });
  const settings = useKioskSettings(livemode);
  const now = useUnixNow();
  const date = (unix: number) => formatUnixTime(unix, i18n.language);
  const name = subscription.data && planName(subscription.data, t);
  useDocumentTitle(name ?? t('page.screen.subscription'));

  // Amounts wait for their currency, so nothing redraws in other words.
  const loading = subscription.isPending || settings.isPending;
  const schedule = subscription.data && subscriptionSchedule(subscription.data, now);
  // Seed 001 §4: an active or trialing subscription without invoices shows the next invoice date.
  const nextInvoiceAt =
    schedule && (schedule.kind === 'renews' || schedule.kind === 'trial')
      ? schedule.nextInvoiceAt
      : undefined;

  const back = { to: portalPath('/customer', livemode), label: t('portal.subscription.back') };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {subscription.data && !loading ? (
        <SubscriptionDetails
          subscription={subscription.data}
          name={name!}
          settings={settings.data}
          livemode={livemode}
          now={now}
          date={date}
          back={back}
          notices={
            <>
              {subscription.data.status === 'past_due' && (
                <PastDueBanner livemode={livemode} message={t('portal.pastDue.subscriptionBanner')} />
              )}
              {/* A plan change waiting for its invoice, with "Pay now" (seed 000 §1). */}
              <PendingPlanChangeNotice subscription={subscription.data} livemode={livemode} />
            </>
          }
        >
          <DetailSection title={t('portal.subscription.invoices')}>
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
          </DetailSection>
        </SubscriptionDetails>
      ) : (
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('portal.subscription.loading')}
          problem={problem}
        />
      )}
    </Container>
  );
}

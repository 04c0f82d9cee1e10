import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import type { PaymentMethod, Subscription } from '@kiosk/contracts';
import { dashboardSubscriptionsMessages } from '@kiosk/core/i18n/dashboard-subscriptions';
import { useScreenMessages } from '@kiosk/react';
import { DetailFrame, type DetailSummaryRow } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { recordProblem } from '../record-problem.ts';
import { SubscriptionStatusChip } from '../../customer/SubscriptionStatusChip.tsx';
import { hasEnded, planName } from '../../customer/subscription-view.ts';
import { Code } from '../payment/Code.tsx';
import type { Money } from '../payment/PaymentSections.tsx';
import { currencyIn } from '../payment/payment-view.ts';
import { usePaymentCustomer, usePaymentMethods } from '../payment/use-payment.ts';
import { merchantActions, type MerchantActions } from './merchant-actions.ts';
import { MerchantActionDialog } from './MerchantActionDialog.tsx';
import { amountPerInterval } from './subscription-money.ts';
import { CustomerSection, EventsSection, InvoicesSection, ItemsSection } from './SubscriptionSections.tsx';
import {
  useMerchantAction,
  useMerchantSubscription,
  useSubscriptionEvents,
  useSubscriptionInvoices,
  type MerchantAction,
} from './use-subscriptions.ts';

const BACK = '/dashboard/subscriptions';

/**
 * `/dashboard/subscriptions/{sub_…}`: one subscription of the current mode as its merchant reads it
 * (issue 23 item 1): what it bills and when, its items, its customer, its invoices and its events, and
 * the merchant's Pause, Resume and Cancel where its state allows them.
 */
export function SubscriptionDetailPage() {
  const { t } = useTranslation();
  useScreenMessages(dashboardSubscriptionsMessages);
  const { id = '' } = useParams();
  const livemode = useLivemode();
  const subscription = useMerchantSubscription(id, livemode);
  const methods = usePaymentMethods(livemode);
  useDocumentTitle(subscription.data ? planName(subscription.data, t) : t('dashboard.subscriptions.title'));
  const back = { to: BACK, label: t('dashboard.subscriptions.detail.back') };

  const problem = recordProblem(subscription, {
    notFoundTitle: t('dashboard.subscriptions.detail.notFound.title'),
    notFoundDescription: t(
      livemode
        ? 'dashboard.subscriptions.detail.notFound.live'
        : 'dashboard.subscriptions.detail.notFound.test',
      { id },
    ),
    loadFailed: t('dashboard.subscriptions.detail.loadFailed'),
    retry: t('dashboard.subscriptions.detail.retry'),
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {subscription.data && !methods.isPending ? (
        <SubscriptionDetails subscription={subscription.data} methods={methods.data} back={back} />
      ) : (
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('dashboard.subscriptions.detail.loading')}
          problem={problem}
        />
      )}
    </Container>
  );
}

interface SubscriptionDetailsProps {
  subscription: Subscription;
  methods: ReadonlyMap<string, PaymentMethod> | undefined;
  back: { to: string; label: string };
}

function SubscriptionDetails({ subscription, methods, back }: SubscriptionDetailsProps) {
  const { t, i18n } = useTranslation();
  const { id, livemode } = subscription;
  const customer = usePaymentCustomer(subscription.customer_id, livemode);
  const invoices = useSubscriptionInvoices(id, livemode);
  const events = useSubscriptionEvents(id, livemode);
  const act = useMerchantAction(id, livemode);
  const [open, setOpen] = useState<MerchantAction['kind'] | null>(null);
  const [done, setDone] = useState<MerchantAction | null>(null);
  const allowed = merchantActions(subscription);
  const date = (unix: number) => formatUnixTime(unix, i18n.language);
  const money: Money = (amount, currencyId) =>
    formatInvoiceMoney(amount, currencyIn(methods, currencyId), currencyId);

  const cancelsOn = cancelsOnOf(subscription);
  const summary = summaryRows(subscription, methods, t, date);

  return (
    <DetailFrame
      back={back}
      linkComponent={RouterLink}
      title={planName(subscription, t)}
      status={
        <>
          <SubscriptionStatusChip status={subscription.status} />
          {cancelsOn !== null && (
            <Chip
              size="small"
              variant="outlined"
              label={t('dashboard.subscriptions.detail.cancelsOn', { date: date(cancelsOn) })}
            />
          )}
        </>
      }
      subtitle={subscription.description ?? undefined}
      actions={<ActionButtons allowed={allowed} onOpen={setOpen} />}
      notices={
        done && (
          <Alert severity="success" role="status" onClose={() => setDone(null)}>
            {t(doneKey(done), { date: date(subscription.current_period_end) })}
          </Alert>
        )
      }
      summary={summary}
    >
      <ItemsSection subscription={subscription} />
      <CustomerSection customerId={subscription.customer_id} customer={customer} />
      <InvoicesSection invoices={invoices} money={money} />
      <EventsSection subscriptionId={id} events={events} />
      {open && (
        <MerchantActionDialog
          kind={open}
          subscription={subscription}
          cancelAt={allowed.cancel}
          onAct={(action) => act.mutateAsync(action)}
          onDone={(action) => {
            setDone(action);
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </DetailFrame>
  );
}

/** The summary's two columns: what it bills and when, then how it is paid and who ended it. */
function summaryRows(
  subscription: Subscription,
  methods: ReadonlyMap<string, PaymentMethod> | undefined,
  t: TFunction,
  date: (unix: number) => string,
): DetailSummaryRow[][] {
  const { id } = subscription;
  const currency = currencyIn(methods, subscription.currency_id);
  const method = subscription.default_payment_method_id;
  const billing: DetailSummaryRow[] = [
    {
      label: t('dashboard.subscriptions.detail.status'),
      value: t(`portal.subscription.status.${subscription.status}`),
    },
    { label: t('dashboard.subscriptions.detail.plan'), value: planName(subscription, t) },
    {
      label: t('dashboard.subscriptions.detail.amount'),
      value: amountPerInterval(subscription, methods, t) ?? t('dashboard.subscriptions.priceGone'),
    },
    {
      label: t('dashboard.subscriptions.detail.period'),
      value: t('dashboard.subscriptions.detail.periodRange', {
        start: date(subscription.current_period_start),
        end: date(subscription.current_period_end),
      }),
    },
  ];
  if (subscription.trial_end !== null)
    billing.push({
      label: t('dashboard.subscriptions.detail.trialEnd'),
      value: date(subscription.trial_end),
    });
  billing.push({
    label: t('dashboard.subscriptions.detail.cancelAtPeriodEnd'),
    value:
      cancelsOnOf(subscription) !== null
        ? t('dashboard.subscriptions.detail.cancelsOn', { date: date(cancelsOnOf(subscription)!) })
        : t('dashboard.subscriptions.detail.no'),
  });
  billing.push({
    label: t('dashboard.subscriptions.detail.paused'),
    value: t(
      subscription.status === 'paused'
        ? 'dashboard.subscriptions.detail.yes'
        : 'dashboard.subscriptions.detail.no',
    ),
  });
  if (subscription.ended_at !== null)
    billing.push({ label: t('dashboard.subscriptions.detail.endedAt'), value: date(subscription.ended_at) });

  const facts: DetailSummaryRow[] = [
    {
      label: t('dashboard.subscriptions.detail.method'),
      value: method
        ? (methods?.get(method)?.name ?? <Code>{method}</Code>)
        : t('dashboard.subscriptions.detail.none'),
    },
    {
      label: t('dashboard.subscriptions.detail.currency'),
      value: currency?.symbol ?? <Code>{subscription.currency_id}</Code>,
    },
    { label: t('dashboard.subscriptions.detail.created'), value: date(subscription.created_at) },
    { label: t('dashboard.subscriptions.detail.id'), value: <Code>{id}</Code> },
  ];
  const { stake } = subscription;
  if (stake)
    facts.push({
      label: t('dashboard.subscriptions.detail.stake'),
      value: t('dashboard.subscriptions.detail.stakeValue', {
        amount: formatInvoiceMoney(stake.amount, currencyIn(methods, stake.currency_id), stake.currency_id),
        status: t(`dashboard.subscriptions.detail.stakeStatus.${stake.status}`),
      }),
    });
  const canceledBy = subscription.cancelation_details.requested_by;
  if (canceledBy === 'merchant' || canceledBy === 'customer')
    facts.push({
      label: t('dashboard.subscriptions.detail.canceledBy'),
      value: t(`dashboard.subscriptions.detail.by.${canceledBy}`),
    });

  return [billing, facts];
}

/** The actions the subscription's state allows; none for one that has ended. */
function ActionButtons({
  allowed,
  onOpen,
}: {
  allowed: MerchantActions;
  onOpen: (kind: MerchantAction['kind']) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {allowed.pause && (
        <Button variant="outlined" onClick={() => onOpen('pause')}>
          {t('dashboard.subscriptions.detail.pause.open')}
        </Button>
      )}
      {allowed.resume && (
        <Button variant="outlined" onClick={() => onOpen('resume')}>
          {t('dashboard.subscriptions.detail.resume.open')}
        </Button>
      )}
      {allowed.recover && (
        <Button variant="outlined" onClick={() => onOpen('recover')}>
          {t('dashboard.subscriptions.detail.recover.open')}
        </Button>
      )}
      {allowed.slash && (
        <Button variant="outlined" color="error" onClick={() => onOpen('slash')}>
          {t('dashboard.subscriptions.detail.slash.open')}
        </Button>
      )}
      {allowed.cancel.length > 0 && (
        <Button variant="outlined" color="error" onClick={() => onOpen('cancel')}>
          {t('dashboard.subscriptions.detail.cancel.open')}
        </Button>
      )}
    </Stack>
  );
}

/** When a cancel set for the period's end takes effect; null when none is set or it has ended. */
function cancelsOnOf(subscription: Subscription): number | null {
  return subscription.cancel_at_period_end && !hasEnded(subscription) ? subscription.cancel_at : null;
}

/** What the notice says once an action is done. */
function doneKey(action: MerchantAction): string {
  if (action.kind !== 'cancel') return `dashboard.subscriptions.detail.${action.kind}.done`;
  return action.at === 'now'
    ? 'dashboard.subscriptions.detail.cancel.doneNow'
    : 'dashboard.subscriptions.detail.cancel.donePeriodEnd';
}

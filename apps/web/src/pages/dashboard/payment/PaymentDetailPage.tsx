import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPaymentMessages } from '@kiosk/core/i18n/dashboard-payment';
import { refundMessages } from '@kiosk/core/i18n/refunds';
import type { PaymentIntent, PaymentMethod, Refund } from '@kiosk/contracts';
import { useScreenMessages } from '@kiosk/react';
import { DetailFrame, type DetailSummaryRow } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { recordProblem } from '../record-problem.ts';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { PaymentStatusChip } from '../PaymentStatusChip.tsx';
import {
  ChargesSection,
  CustomerSection,
  EventsSection,
  RefundsSection,
  type Money,
} from './PaymentSections.tsx';
import { Code } from './Code.tsx';
import { RefundDialog } from './RefundDialog.tsx';
import { currencyIn, paymentAmounts, refundState, refundTarget, type RefundTarget } from './payment-view.ts';
import {
  useCreateRefund,
  usePaymentCharges,
  usePaymentCheckout,
  usePaymentCustomer,
  usePaymentEvents,
  usePaymentIntent,
  usePaymentInvoice,
  usePaymentMethods,
  usePaymentRefunds,
} from './use-payment.ts';

const BACK = '/dashboard/payments';

/**
 * `/dashboard/payments/{pi_…}`: one payment of the current mode as its merchant reads it (issue 23
 * item 1): what it asked and received, what went back, the charges with their links on the rail, the
 * customer as the order recorded them, the invoice, the event timeline, and Refund.
 */
export function PaymentDetailPage() {
  const { t } = useTranslation();
  useScreenMessages(dashboardPaymentMessages);
  useScreenMessages(refundMessages);
  const { id = '' } = useParams();
  const livemode = useLivemode();
  const intent = usePaymentIntent(id, livemode);
  const methods = usePaymentMethods(livemode);
  const money: Money = (amount, currencyId) =>
    formatInvoiceMoney(amount, currencyIn(methods.data, currencyId), currencyId);
  useDocumentTitle(
    intent.data
      ? t('dashboard.payment.title', { amount: money(intent.data.amount, intent.data.currency_id) })
      : t('page.screen.payments'),
  );
  const back = { to: BACK, label: t('dashboard.payment.back') };

  const problem = recordProblem(intent, {
    notFoundTitle: t('dashboard.payment.notFound.title'),
    notFoundDescription: t(livemode ? 'dashboard.payment.notFound.live' : 'dashboard.payment.notFound.test', {
      id,
    }),
    loadFailed: t('dashboard.payment.loadFailed'),
    retry: t('dashboard.payment.retry'),
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {intent.data && !methods.isPending ? (
        <PaymentDetails intent={intent.data} methods={methods.data} money={money} back={back} />
      ) : (
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('dashboard.payment.loading')}
          problem={problem}
        />
      )}
    </Container>
  );
}

interface PaymentDetailsProps {
  intent: PaymentIntent;
  methods: ReadonlyMap<string, PaymentMethod> | undefined;
  money: Money;
  back: { to: string; label: string };
}

/** The customer as they are now is read only when neither the checkout nor the invoice kept them. */
function customerNeeded(
  intent: PaymentIntent,
  checkout: ReturnType<typeof usePaymentCheckout>,
  invoice: ReturnType<typeof usePaymentInvoice>,
): boolean {
  const given = checkout.data?.customer_details;
  const kept = invoice.data?.customer_name || invoice.data?.customer_email;
  return (
    (!intent.checkout_session_id || (checkout.isSuccess && !given?.name && !given?.email)) &&
    (!intent.invoice_id || (invoice.isSuccess && !kept))
  );
}

function PaymentDetails({ intent, methods, money, back }: PaymentDetailsProps) {
  const { t, i18n } = useTranslation();
  const { livemode } = intent;
  const refunds = usePaymentRefunds(intent.id, livemode);
  const refundPending = refunds.data?.list.some((refund) => refund.status === 'pending') ?? false;
  const charges = usePaymentCharges(intent.id, livemode, { refundPending });
  const checkout = usePaymentCheckout(intent.checkout_session_id, livemode);
  const invoice = usePaymentInvoice(intent.invoice_id, livemode);
  const customer = usePaymentCustomer(
    customerNeeded(intent, checkout, invoice) ? intent.customer_id : undefined,
    livemode,
  );
  const objectIds =
    charges.data && refunds.data
      ? [intent.id, ...charges.data.list.map((c) => c.id), ...refunds.data.list.map((r) => r.id)]
      : undefined;
  const events = usePaymentEvents(intent.id, objectIds, livemode, { refundPending });
  const createRefund = useCreateRefund(intent.id, livemode);
  const [refunding, setRefunding] = useState(false);
  const [made, setMade] = useState<Refund | null>(null);

  const amounts =
    charges.data && refunds.data && paymentAmounts(intent, charges.data.list, refunds.data.list);
  const target =
    charges.data && refunds.data ? refundTarget(charges.data.list, refunds.data.list) : undefined;
  const state = amounts ? refundState(amounts) : 'none';
  const currency = currencyIn(methods, intent.currency_id);
  const ask = (amount: bigint | undefined) =>
    amount === undefined ? (
      <Skeleton width={64} sx={{ display: 'inline-block' }} />
    ) : (
      money(amount, intent.currency_id)
    );

  const figures: DetailSummaryRow[] = [
    { label: t('dashboard.payment.amount'), value: money(intent.amount, intent.currency_id) },
    { label: t('dashboard.payment.received'), value: money(intent.amount_received, intent.currency_id) },
    { label: t('dashboard.payment.refunded'), value: ask(amounts?.refunded) },
  ];
  if (amounts && amounts.pending > 0n)
    figures.push({ label: t('dashboard.payment.refundPending'), value: ask(amounts.pending) });
  figures.push({ label: t('dashboard.payment.refundable'), value: ask(amounts?.refundable) });

  const facts: DetailSummaryRow[] = [
    {
      label: t('dashboard.payment.method'),
      value: methods?.get(intent.payment_method_id)?.name ?? intent.payment_method_id,
    },
    { label: t('dashboard.payment.created'), value: formatUnixTime(intent.created_at, i18n.language) },
    { label: t('dashboard.payment.id'), value: <Code>{intent.id}</Code> },
  ];
  if (intent.checkout_session_id)
    facts.push({ label: t('dashboard.payment.checkout'), value: <Code>{intent.checkout_session_id}</Code> });
  if (intent.invoice_id)
    facts.push({
      label: t('dashboard.payment.invoice'),
      value: (
        <Link component={RouterLink} to={`/dashboard/invoices/${intent.invoice_id}`}>
          {invoice.data?.number ?? <Code>{intent.invoice_id}</Code>}
        </Link>
      ),
    });

  return (
    <DetailFrame
      back={back}
      linkComponent={RouterLink}
      title={money(intent.amount, intent.currency_id)}
      status={
        <>
          <PaymentStatusChip status={intent.status} />
          {state !== 'none' && (
            <Chip
              size="small"
              variant="outlined"
              label={t(
                state === 'full'
                  ? 'dashboard.payment.refundedChip'
                  : 'dashboard.payment.partiallyRefundedChip',
              )}
            />
          )}
        </>
      }
      subtitle={intent.description ?? undefined}
      actions={<RefundAction target={target} onOpen={() => setRefunding(true)} />}
      notices={
        made && (
          // The refund as it stands now: one sent while the rail was away settles later.
          <RefundNotice refund={refunds.data?.list.find((r) => r.id === made.id) ?? made} money={money} />
        )
      }
      summary={[figures, facts]}
    >
      <CustomerSection
        customerId={intent.customer_id}
        checkout={checkout}
        invoice={invoice}
        customer={customer}
      />
      <ChargesSection charges={charges} methods={methods} money={money} />
      <RefundsSection paymentId={intent.id} refunds={refunds} money={money} />
      <EventsSection paymentId={intent.id} events={events} money={money} />
      {refunding && target?.kind === 'ready' && currency && (
        <RefundDialog
          chargeId={target.charge.id}
          left={target.left}
          currency={currency}
          onRefund={(request) => createRefund.mutateAsync(request)}
          onRefunded={(refund) => {
            setMade(refund);
            setRefunding(false);
          }}
          onClose={() => setRefunding(false)}
        />
      )}
    </DetailFrame>
  );
}

/** Refund, or why not: the button stays where the reader looks for it, disabled, with its reason beside. */
function RefundAction({ target, onOpen }: { target: RefundTarget | undefined; onOpen: () => void }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const blocked = target?.kind === 'blocked' ? target.reason : undefined;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        disabled={target?.kind !== 'ready'}
        onClick={onOpen}
        aria-describedby={blocked ? reasonId : undefined}
      >
        {t('dashboard.payment.refund')}
      </Button>
      {blocked && (
        <Typography id={reasonId} variant="body2" color="text.secondary">
          {t(`dashboard.payment.refundBlocked.${blocked}`)}
        </Typography>
      )}
    </Stack>
  );
}

/** What the refund just made came to: done, waiting on the rail, or refused there. */
function RefundNotice({ refund, money }: { refund: Refund; money: Money }) {
  const { t } = useTranslation();
  const amount = money(refund.amount, refund.currency_id);
  if (refund.status === 'failed')
    return (
      <Alert severity="error">
        {t('dashboard.payment.refundFailed', {
          amount,
          reason: t(`error.${refund.failure_code}`, { defaultValue: refund.failure_code ?? '' }),
        })}
      </Alert>
    );
  return (
    <Alert severity={refund.status === 'succeeded' ? 'success' : 'info'} role="status">
      {t(
        refund.status === 'succeeded'
          ? 'dashboard.payment.refundMade'
          : refund.next_action
            ? 'dashboard.payment.refundToSend'
            : 'dashboard.payment.refundSent',
        { amount },
      )}
    </Alert>
  );
}

import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice, PaymentMethod } from '@kiosk/contracts';
import { dashboardInvoicesMessages } from '@kiosk/core/i18n/dashboard-invoices';
import { useScreenMessages } from '@kiosk/react';
import { ConfirmDialog, DetailFrame, type DetailSummaryRow } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { InvoiceStatusChip } from '../../customer/InvoiceStatusChip.tsx';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { InvoicePdfLink } from '../../../components/InvoicePdfLink.tsx';
import { recordProblem } from '../record-problem.ts';
import { Code } from '../payment/Code.tsx';
import type { Money } from '../payment/PaymentSections.tsx';
import { currencyIn } from '../payment/payment-view.ts';
import {
  usePaymentCheckout,
  usePaymentCustomer,
  usePaymentInvoice,
  usePaymentMethods,
} from '../payment/use-payment.ts';
import { invoiceActions, type InvoiceAction } from './invoice-actions.ts';
import { billingReasonText } from './invoice-text.ts';
import { CustomerSection, EventsSection, ItemsSection } from './InvoiceSections.tsx';
import { useMerchantSubscription } from '../subscriptions/use-subscriptions.ts';
import { useCloseInvoice, useInvoiceEvents } from './use-invoices.ts';

const BACK = '/dashboard/invoices';

/**
 * `/dashboard/invoices/{in_…}`: one invoice of the current mode as its merchant reads it (issue 23
 * item 1): what it bills and what is paid, its lines, the customer as it recorded them, its payment and
 * subscription, its events, and Void and Mark uncollectible where the server allows them.
 */
export function InvoiceDetailPage() {
  const { t } = useTranslation();
  useScreenMessages(dashboardInvoicesMessages);
  const { id = '' } = useParams();
  const livemode = useLivemode();
  const invoice = usePaymentInvoice(id, livemode);
  const methods = usePaymentMethods(livemode);
  useDocumentTitle(
    invoice.data ? t('page.invoice.title', { number: invoice.data.number }) : t('dashboard.invoices.title'),
  );
  const back = { to: BACK, label: t('dashboard.invoices.detail.back') };

  const problem = recordProblem(invoice, {
    notFoundTitle: t('dashboard.invoices.detail.notFound.title'),
    notFoundDescription: t(
      livemode ? 'dashboard.invoices.detail.notFound.live' : 'dashboard.invoices.detail.notFound.test',
      { id },
    ),
    loadFailed: t('dashboard.invoices.detail.loadFailed'),
    retry: t('dashboard.invoices.detail.retry'),
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {invoice.data && !methods.isPending ? (
        <InvoiceDetails invoice={invoice.data} methods={methods.data} back={back} />
      ) : (
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('dashboard.invoices.detail.loading')}
          problem={problem}
        />
      )}
    </Container>
  );
}

interface InvoiceDetailsProps {
  invoice: Invoice;
  methods: ReadonlyMap<string, PaymentMethod> | undefined;
  back: { to: string; label: string };
}

function InvoiceDetails({ invoice, methods, back }: InvoiceDetailsProps) {
  const { t, i18n } = useTranslation();
  const { livemode } = invoice;
  const checkout = usePaymentCheckout(invoice.checkout_session_id, livemode);
  const subscription = useMerchantSubscription(invoice.subscription_id, livemode);
  const customer = usePaymentCustomer(invoice.customer_id, livemode);
  const events = useInvoiceEvents(invoice.id, livemode);
  const close = useCloseInvoice(invoice, livemode);
  const [open, setOpen] = useState<InvoiceAction | null>(null);
  const [done, setDone] = useState<InvoiceAction | null>(null);
  const date = (unix: number) => formatUnixTime(unix, i18n.language);
  const money: Money = (amount, currencyId) =>
    formatInvoiceMoney(amount, currencyIn(methods, currencyId), currencyId);
  const total = money(invoice.total, invoice.currency_id);

  return (
    <DetailFrame
      back={back}
      linkComponent={RouterLink}
      title={t('page.invoice.title', { number: invoice.number })}
      status={<InvoiceStatusChip status={invoice.status} />}
      subtitle={
        <>
          {invoice.description && <Typography color="text.secondary">{invoice.description}</Typography>}
          <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {total}
          </Typography>
        </>
      }
      actions={<ActionButtons invoice={invoice} allowed={invoiceActions(invoice)} onOpen={setOpen} />}
      notices={
        done && (
          <Alert severity="success" role="status" onClose={() => setDone(null)}>
            {t(`dashboard.invoices.detail.${done}.done`)}
          </Alert>
        )
      }
      summary={summaryRows(invoice, methods, money, t, date)}
    >
      <ItemsSection invoice={invoice} checkout={checkout} subscription={subscription} money={money} />
      <CustomerSection invoice={invoice} customer={customer} />
      <EventsSection invoiceId={invoice.id} events={events} />
      {open && (
        <ConfirmDialog
          title={t(`dashboard.invoices.detail.${open}.title`)}
          message={t(`dashboard.invoices.detail.${open}.message`, { number: invoice.number })}
          confirmLabel={t(`dashboard.invoices.detail.${open}.submit`)}
          tone={open === 'void' ? 'danger' : 'warning'}
          onConfirm={() => close.mutateAsync(open)}
          onConfirmed={() => {
            setDone(open);
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </DetailFrame>
  );
}

/** The summary's two groups: the money, then when, why and what it belongs to. */
function summaryRows(
  invoice: Invoice,
  methods: ReadonlyMap<string, PaymentMethod> | undefined,
  money: Money,
  t: TFunction,
  date: (unix: number) => string,
): DetailSummaryRow[][] {
  const amount = (value: string) => money(value, invoice.currency_id);
  const currency = currencyIn(methods, invoice.currency_id);
  const figures: DetailSummaryRow[] = [
    { label: t('dashboard.invoices.detail.total'), value: amount(invoice.total) },
    { label: t('dashboard.invoices.detail.amountDue'), value: amount(invoice.amount_due) },
    { label: t('dashboard.invoices.detail.amountPaid'), value: amount(invoice.amount_paid) },
    { label: t('dashboard.invoices.detail.amountRemaining'), value: amount(invoice.amount_remaining) },
    {
      label: t('dashboard.invoices.detail.currency'),
      value: currency?.symbol ?? <Code>{invoice.currency_id}</Code>,
    },
  ];

  const facts: DetailSummaryRow[] = [
    { label: t('dashboard.invoices.detail.reason'), value: billingReasonText(invoice.billing_reason, t) },
  ];
  if (invoice.period_start !== null && invoice.period_end !== null)
    facts.push({
      label: t('dashboard.invoices.detail.period'),
      value: t('dashboard.invoices.detail.periodRange', {
        start: date(invoice.period_start),
        end: date(invoice.period_end),
      }),
    });
  // Kiosk's invoices carry no due date of their own: an open one is due when it is next collected.
  if (invoice.next_payment_attempt !== null)
    facts.push({
      label: t('dashboard.invoices.detail.nextAttempt'),
      value: date(invoice.next_payment_attempt),
    });
  if (invoice.attempt_count > 0)
    facts.push({ label: t('dashboard.invoices.detail.attempts'), value: String(invoice.attempt_count) });
  const failure = invoice.last_payment_error?.code;
  if (failure && invoice.status !== 'paid')
    facts.push({
      label: t('dashboard.invoices.detail.lastError'),
      value: t(`error.${failure}`, { defaultValue: failure }),
    });
  facts.push({ label: t('dashboard.invoices.detail.created'), value: date(invoice.created_at) });
  const {
    paid_at: paidAt,
    voided_at: voidedAt,
    marked_uncollectible_at: uncollectibleAt,
  } = invoice.status_transitions;
  if (paidAt !== undefined) facts.push({ label: t('dashboard.invoices.detail.paidAt'), value: date(paidAt) });
  if (uncollectibleAt !== undefined)
    facts.push({ label: t('dashboard.invoices.detail.uncollectibleAt'), value: date(uncollectibleAt) });
  if (voidedAt !== undefined)
    facts.push({ label: t('dashboard.invoices.detail.voidedAt'), value: date(voidedAt) });
  facts.push({ label: t('dashboard.invoices.detail.id'), value: <Code>{invoice.id}</Code> });
  if (invoice.payment_intent_id)
    facts.push({
      label: t('dashboard.invoices.detail.payment'),
      value: (
        <Link component={RouterLink} to={`/dashboard/payments/${invoice.payment_intent_id}`}>
          <Code>{invoice.payment_intent_id}</Code>
        </Link>
      ),
    });
  if (invoice.subscription_id)
    facts.push({
      label: t('dashboard.invoices.detail.subscription'),
      value: (
        <Link component={RouterLink} to={`/dashboard/subscriptions/${invoice.subscription_id}`}>
          <Code>{invoice.subscription_id}</Code>
        </Link>
      ),
    });
  if (invoice.checkout_session_id)
    facts.push({
      label: t('dashboard.invoices.detail.checkout'),
      value: <Code>{invoice.checkout_session_id}</Code>,
    });
  return [figures, facts];
}

/** The actions the invoice's state allows; none for a paid or void one, or a checkout's. */
function ActionButtons({
  invoice,
  allowed,
  onOpen,
}: {
  invoice: Invoice;
  allowed: readonly InvoiceAction[];
  onOpen: (action: InvoiceAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <InvoicePdfLink invoice={invoice} />
      {allowed.map((action) => (
        <Button
          key={action}
          variant="outlined"
          color={action === 'void' ? 'error' : 'warning'}
          onClick={() => onOpen(action)}
        >
          {t(`dashboard.invoices.detail.${action}.open`)}
        </Button>
      ))}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CustomerSummary } from '@kiosk/contracts';
import {
  DetailItems,
  DetailSection,
  DetailSummary,
  type DetailItem,
  type DetailSummaryRow,
} from '@kiosk/react/ui';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { InvoiceStatusChip } from '../../customer/InvoiceStatusChip.tsx';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { SubscriptionStatusChip } from '../../customer/SubscriptionStatusChip.tsx';
import { periodAmount, planName } from '../../customer/subscription-view.ts';
import { PaymentStatusChip } from '../PaymentStatusChip.tsx';
import type { Money } from '../payment/PaymentSections.tsx';
import { CUSTOMER_PARAM } from '../customer-filter.tsx';
import {
  useCustomerInvoices,
  useCustomerOverdue,
  useCustomerPayments,
  useCustomerSubscriptions,
} from './use-customers.ts';

/** Sums per currency, `12 KDT · 0.5 ETH`, or "Nothing". */
function sumsText(
  sums: Readonly<Record<string, string>>,
  show: (amount: string, currencyId: string) => string,
) {
  const shown = Object.entries(sums)
    .filter(([, amount]) => amount !== '0')
    .map(([currencyId, amount]) => show(amount, currencyId));
  return shown.length > 0 ? shown.join(' · ') : undefined;
}

/**
 * What the customer has paid and owes per currency (its invoices), and what of that is overdue
 * (seed 000 §4: past its retries, and blocking new purchases until paid).
 */
export function BalanceSection({
  customerId,
  summary,
  money,
}: {
  customerId: string;
  summary: CustomerSummary | undefined;
  money: Money;
}) {
  const { t } = useTranslation();
  const overdue = useCustomerOverdue(customerId, useLivemode());
  const nothing = t('dashboard.customers.nothing');
  const overdueSums = overdue.data?.summary ?? {};
  const overdueText = sumsText(
    Object.fromEntries(Object.entries(overdueSums).map(([id, entry]) => [id, entry.amount])),
    (amount, currencyId) => formatInvoiceMoney(amount, overdueSums[currencyId]?.currency, currencyId),
  );
  const rows: DetailSummaryRow[] = [
    { label: t('dashboard.customers.paid'), value: (summary && sumsText(summary.paid, money)) ?? nothing },
    { label: t('dashboard.customers.due'), value: (summary && sumsText(summary.due, money)) ?? nothing },
    { label: t('dashboard.customers.overdue'), value: overdueText ?? nothing },
  ];
  return (
    <DetailSection
      title={t('dashboard.customers.balance')}
      loading={overdue.isPending}
      error={
        overdue.error && {
          message: t('dashboard.customers.balanceFailed'),
          onRetry: () => void overdue.refetch(),
          retryLabel: t('dashboard.customers.retry'),
        }
      }
    >
      <DetailSummary rows={rows} />
      <Typography variant="body2" color={overdueText ? 'warning.main' : 'text.secondary'} sx={{ mt: 1 }}>
        {overdueText
          ? t('dashboard.customers.overdueInvoices', {
              count: overdue.data?.invoices.length ?? 0,
              subscriptions: overdue.data?.subscriptionCount ?? 0,
            })
          : t('dashboard.customers.nothingOverdue')}
      </Typography>
    </DetailSection>
  );
}

type Section = 'payments' | 'subscriptions' | 'invoices';

/** One of the customer's lists: the latest of it, each leading to its page, or why there are none. */
function RecordsSection({
  section,
  customerId,
  query,
  items,
}: {
  section: Section;
  customerId: string;
  query: UseQueryResult<{ count: number; list: unknown[] }>;
  items: DetailItem[];
}) {
  const { t } = useTranslation();
  const count = query.data?.count ?? 0;
  return (
    <DetailSection
      title={t(`dashboard.customers.${section}`)}
      loading={query.isPending}
      error={
        query.error && {
          message: t(`dashboard.customers.${section}Failed`),
          onRetry: () => void query.refetch(),
          retryLabel: t('dashboard.customers.retry'),
        }
      }
      empty={items.length === 0}
      emptyText={t(`dashboard.customers.${section}Empty`)}
    >
      {count > items.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('dashboard.customers.latest', { shown: items.length, count })}{' '}
          <Link component={RouterLink} to={`/dashboard/${section}?${CUSTOMER_PARAM}=${customerId}`}>
            {t(`dashboard.customers.${section}All`, { count })}
          </Link>
        </Typography>
      )}
      <DetailItems items={items} />
    </DetailSection>
  );
}

/** A record's name as the link to its page, beside its status. */
function RecordLink({ to, label, status }: { to: string; label: string; status: ReactNode }) {
  return (
    <Stack
      component="span"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
      {status}
    </Stack>
  );
}

export function CustomerPaymentsSection({ customerId, money }: { customerId: string; money: Money }) {
  const { i18n } = useTranslation();
  const payments = useCustomerPayments(customerId, useLivemode());
  const items = (payments.data?.list ?? []).map((intent) => ({
    key: intent.id,
    name: (
      <RecordLink
        to={`/dashboard/payments/${intent.id}`}
        label={money(intent.amount, intent.currency_id)}
        status={<PaymentStatusChip status={intent.status} />}
      />
    ),
    detail: [formatUnixTime(intent.created_at, i18n.language), intent.description, intent.id]
      .filter(Boolean)
      .join(' · '),
  }));
  return <RecordsSection section="payments" customerId={customerId} query={payments} items={items} />;
}

export function CustomerSubscriptionsSection({ customerId, money }: { customerId: string; money: Money }) {
  const { t, i18n } = useTranslation();
  const subscriptions = useCustomerSubscriptions(customerId, useLivemode());
  const items = (subscriptions.data?.list ?? []).map((subscription) => {
    const amount = periodAmount(subscription);
    return {
      key: subscription.id,
      name: (
        <RecordLink
          to={`/dashboard/subscriptions/${subscription.id}`}
          label={planName(subscription, t)}
          status={<SubscriptionStatusChip status={subscription.status} />}
        />
      ),
      detail: [
        t('dashboard.customers.since', { date: formatUnixTime(subscription.start_date, i18n.language) }),
        subscription.id,
      ].join(' · '),
      amount: amount === undefined ? undefined : money(amount, subscription.currency_id),
    };
  });
  return (
    <RecordsSection section="subscriptions" customerId={customerId} query={subscriptions} items={items} />
  );
}

export function CustomerInvoicesSection({ customerId, money }: { customerId: string; money: Money }) {
  const { i18n } = useTranslation();
  const invoices = useCustomerInvoices(customerId, useLivemode());
  const items = (invoices.data?.list ?? []).map((invoice) => ({
    key: invoice.id,
    name: (
      <RecordLink
        to={`/dashboard/invoices/${invoice.id}`}
        label={invoice.number}
        status={<InvoiceStatusChip status={invoice.status} />}
      />
    ),
    detail: formatUnixTime(invoice.created_at, i18n.language),
    // The invoice's own currency when the list carries it; else the mode's methods.
    amount: invoice.paymentCurrency
      ? formatInvoiceMoney(invoice.total, invoice.paymentCurrency, invoice.currency_id)
      : money(invoice.total, invoice.currency_id),
  }));
  return <RecordsSection section="invoices" customerId={customerId} query={invoices} items={items} />;
}

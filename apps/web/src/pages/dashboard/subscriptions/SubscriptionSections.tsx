import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Customer, EventRecord, ListedInvoice, Subscription } from '@kiosk/contracts';
import {
  DetailItems,
  DetailSection,
  DetailSummary,
  queryError,
  type DetailSummaryRow,
} from '@kiosk/react/ui';
import { BILLING_REASONS, billingReasonLabelKey, type BillingReason } from '@kiosk/core';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { InvoiceStatusChip } from '../../customer/InvoiceStatusChip.tsx';
import { itemName } from '../../customer/subscription-view.ts';
import { Code } from '../payment/Code.tsx';
import type { Money } from '../payment/PaymentSections.tsx';
import { ObjectEventsSection } from '../ObjectEventsSection.tsx';

/** The event types whose titles this page knows; any other shows its type as sent. */
const KNOWN_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
] as const;

/** What is billed each period: each item's product and price, its quantity. */
export function ItemsSection({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  return (
    <DetailSection
      title={t('dashboard.subscriptions.detail.items')}
      empty={subscription.items.length === 0}
      emptyText={t('dashboard.subscriptions.detail.itemsEmpty')}
    >
      <DetailItems
        items={subscription.items.map((item) => ({
          key: item.id,
          name: itemName(item),
          detail: [
            t('dashboard.subscriptions.detail.quantity', { quantity: item.quantity }),
            item.price_id,
          ].join(' · '),
        }))}
      />
    </DetailSection>
  );
}

/** Who subscribes, as they are now, with a link to their page. */
export function CustomerSection({
  customerId,
  customer,
}: {
  customerId: string;
  customer: UseQueryResult<Customer>;
}) {
  const { t } = useTranslation();
  const rows: DetailSummaryRow[] = [];
  const { name, email, did } = customer.data ?? {};
  if (name) rows.push({ label: t('dashboard.subscriptions.detail.name'), value: name });
  if (email) rows.push({ label: t('dashboard.subscriptions.detail.email'), value: email });
  if (did) rows.push({ label: t('dashboard.subscriptions.detail.did'), value: <Code>{did}</Code> });
  rows.push({
    label: t('dashboard.subscriptions.detail.customerId'),
    value: (
      <Link component={RouterLink} to={`/dashboard/customers/${customerId}`}>
        <Code>{customerId}</Code>
      </Link>
    ),
  });
  return (
    <DetailSection
      title={t('dashboard.subscriptions.detail.customer')}
      loading={customer.isLoading}
      error={queryError(
        customer,
        t('dashboard.subscriptions.detail.customerFailed'),
        t('dashboard.subscriptions.detail.retry'),
      )}
    >
      <DetailSummary rows={rows} />
    </DetailSection>
  );
}

/** The invoices it has made, newest first, each opening its own page. */
export function InvoicesSection({
  invoices,
  money,
}: {
  invoices: UseQueryResult<{ list: ListedInvoice[] }>;
  money: Money;
}) {
  const { t, i18n } = useTranslation();
  const list = invoices.data?.list ?? [];
  return (
    <DetailSection
      title={t('dashboard.subscriptions.detail.invoices')}
      loading={invoices.isPending}
      error={queryError(
        invoices,
        t('dashboard.subscriptions.detail.invoicesFailed'),
        t('dashboard.subscriptions.detail.retry'),
      )}
      empty={list.length === 0}
      emptyText={t('dashboard.subscriptions.detail.invoicesEmpty')}
    >
      <DetailItems
        items={list.map((invoice) => ({
          key: invoice.id,
          name: (
            <Link component={RouterLink} to={`/dashboard/invoices/${invoice.id}`}>
              {invoice.number ?? invoice.id}
            </Link>
          ),
          detail: (
            <>
              <InvoiceStatusChip status={invoice.status} />{' '}
              {[
                (BILLING_REASONS as readonly string[]).includes(invoice.billing_reason)
                  ? t(billingReasonLabelKey(invoice.billing_reason as BillingReason))
                  : invoice.billing_reason,
                formatUnixTime(invoice.created_at, i18n.language),
              ]
                .filter(Boolean)
                .join(' · ')}
            </>
          ),
          amount: money(invoice.total, invoice.currency_id),
        }))}
      />
    </DetailSection>
  );
}

/** The subscription's history, oldest first as the kit's timeline reads. */
export function EventsSection({
  subscriptionId,
  events,
}: {
  subscriptionId: string;
  events: UseQueryResult<{ list: EventRecord[]; count: number }>;
}) {
  return (
    <ObjectEventsSection
      objectId={subscriptionId}
      events={events}
      keys="dashboard.subscriptions.detail"
      known={KNOWN_EVENTS}
      describe={(event) => ({ body: event.id, highlight: event.type === 'customer.subscription.deleted' })}
    />
  );
}

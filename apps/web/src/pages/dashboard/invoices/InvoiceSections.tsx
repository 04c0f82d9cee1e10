import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CheckoutSession, Customer, EventRecord, Invoice, Subscription } from '@kiosk/contracts';
import {
  DetailItems,
  DetailSection,
  DetailSummary,
  queryError,
  type DetailSummaryRow,
} from '@kiosk/react/ui';
import { Code } from '../payment/Code.tsx';
import type { Money } from '../payment/PaymentSections.tsx';
import { merchantInvoiceLines } from './invoice-lines.ts';
import { ObjectEventsSection } from '../ObjectEventsSection.tsx';

/** The invoice events this page names in its own words; any other shows its type as sent. */
const KNOWN_EVENTS = [
  'invoice.created',
  'invoice.finalized',
  'invoice.updated',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const;

/**
 * What the invoice bills, line by line; the lines wait for the checkout or subscription that names
 * them, or say that it failed, with a retry.
 */
export function ItemsSection({
  invoice,
  checkout,
  subscription,
  money,
}: {
  invoice: Invoice;
  checkout: UseQueryResult<CheckoutSession>;
  subscription: UseQueryResult<Subscription>;
  money: Money;
}) {
  const { t } = useTranslation();
  const lines = merchantInvoiceLines(invoice, checkout.data, subscription.data);
  const failed = checkout.error ? checkout : subscription;
  return (
    <DetailSection
      title={t('dashboard.invoices.detail.items')}
      loading={checkout.isLoading || subscription.isLoading}
      error={queryError(
        failed,
        t('dashboard.invoices.detail.itemsFailed'),
        t('dashboard.invoices.detail.retry'),
      )}
      empty={lines.length === 0}
      emptyText={t('dashboard.invoices.detail.itemsEmpty')}
    >
      <DetailItems
        items={lines.map((line, index) => ({
          key: `${line.priceId}-${index}`,
          name: line.name,
          detail: [
            t('dashboard.invoices.detail.quantity', { quantity: line.quantity }),
            line.trial && t('dashboard.invoices.detail.trial'),
            line.name !== line.priceId && line.priceId,
          ]
            .filter(Boolean)
            .join(' · '),
          amount: line.amount === undefined ? undefined : money(line.amount, invoice.currency_id),
        }))}
      />
    </DetailSection>
  );
}

/** `a, b, c` of an address's parts in the order they were given. */
const addressText = (address: Record<string, string>) =>
  Object.values(address)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

/**
 * The buyer as the invoice recorded them when it was made (name, email, phone, address): a later
 * purchase under other details does not change them. Only an invoice that recorded nobody (one made
 * before invoices kept them) shows the customer as they are now, and says so.
 */
export function CustomerSection({
  invoice,
  customer,
}: {
  invoice: Invoice;
  customer: UseQueryResult<Customer>;
}) {
  const { t } = useTranslation();
  const address = invoice.customer_address && addressText(invoice.customer_address);
  const recorded = Boolean(
    invoice.customer_name || invoice.customer_email || invoice.customer_phone || address,
  );
  const source = recorded
    ? { name: invoice.customer_name, email: invoice.customer_email, phone: invoice.customer_phone }
    : customer.data;
  const rows: DetailSummaryRow[] = [];
  if (source?.name) rows.push({ label: t('dashboard.invoices.detail.name'), value: source.name });
  if (source?.email) rows.push({ label: t('dashboard.invoices.detail.email'), value: source.email });
  if (source?.phone) rows.push({ label: t('dashboard.invoices.detail.phone'), value: source.phone });
  if (recorded && address) rows.push({ label: t('dashboard.invoices.detail.address'), value: address });
  if (customer.data?.did)
    rows.push({ label: t('dashboard.invoices.detail.did'), value: <Code>{customer.data.did}</Code> });
  rows.push({
    label: t('dashboard.invoices.detail.customerId'),
    value: (
      <Link component={RouterLink} to={`/dashboard/customers/${invoice.customer_id}`}>
        <Code>{invoice.customer_id}</Code>
      </Link>
    ),
  });
  return (
    <DetailSection
      title={t('dashboard.invoices.detail.customer')}
      loading={!recorded && customer.isLoading}
      error={
        recorded
          ? null
          : queryError(
              customer,
              t('dashboard.invoices.detail.customerFailed'),
              t('dashboard.invoices.detail.retry'),
            )
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(
          recorded
            ? 'dashboard.invoices.detail.customerAsRecorded'
            : 'dashboard.invoices.detail.customerCurrent',
        )}
      </Typography>
      <DetailSummary rows={rows} />
    </DetailSection>
  );
}

/** The invoice's history, oldest first as the kit's timeline reads: the latest page of it. */
export function EventsSection({
  invoiceId,
  events,
}: {
  invoiceId: string;
  events: UseQueryResult<{ list: EventRecord[]; count: number }>;
}) {
  return (
    <ObjectEventsSection
      objectId={invoiceId}
      events={events}
      keys="dashboard.invoices.detail"
      known={KNOWN_EVENTS}
      describe={(event) => ({
        body: event.id,
        highlight:
          event.type === 'invoice.payment_failed' ||
          event.type === 'invoice.voided' ||
          event.type === 'invoice.marked_uncollectible',
      })}
    />
  );
}

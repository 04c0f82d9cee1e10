import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { DataTableColumn } from '@kiosk/react';
import { useScreenMessages } from '@kiosk/react';
import { ListPage, listStateOf, useListParams } from '@kiosk/react/ui';
import type { ListedInvoice } from '@kiosk/contracts';
import { INVOICE_STATUSES } from '@kiosk/core';
import { dashboardInvoicesMessages } from '@kiosk/core/i18n/dashboard-invoices';
import { useCustomersById } from '../../../hooks/use-customers-by-id.ts';
import { useCustomerFilter } from '../customer-filter.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { InvoiceAmount } from '../../customer/InvoiceAmount.tsx';
import { InvoiceStatusChip } from '../../customer/InvoiceStatusChip.tsx';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { Code } from '../payment/Code.tsx';
import { CustomerCell } from '../CustomerCell.tsx';
import { billingReasonText } from './invoice-text.ts';
import { useMerchantInvoices } from './use-invoices.ts';

const FILTERS = { status: INVOICE_STATUSES };

/** The buyer as the invoice recorded them, when it did. */
const recordedName = (invoice: ListedInvoice) => invoice.customer_name || invoice.customer_email;

/**
 * `/dashboard/invoices`: the merchant's invoices of the current mode, newest first, by status if asked;
 * a row opens its invoice. Switching the mode starts the list over.
 */
export function InvoicesPage() {
  const { t, i18n } = useTranslation();
  useScreenMessages(dashboardInvoicesMessages);
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode), filters: FILTERS });
  const status = list.filters.status;
  const customer = useCustomerFilter(livemode);
  const invoices = useMerchantInvoices(livemode, list.page, list.pageSize, status, customer.customerId);
  // Only the rows whose invoice recorded nobody ask who the customer is now.
  const customers = useCustomersById(
    livemode,
    (invoices.data?.list ?? []).filter((invoice) => !recordedName(invoice)).map((i) => i.customer_id),
  );
  const title = t('dashboard.invoices.title');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const money = (invoice: ListedInvoice, amount: string) =>
    formatInvoiceMoney(amount, invoice.paymentCurrency ?? undefined, invoice.currency_id);

  const columns: DataTableColumn<ListedInvoice>[] = [
    {
      key: 'number',
      label: t('dashboard.invoices.number'),
      render: (invoice) => <Code>{invoice.number}</Code>,
    },
    {
      key: 'customer',
      label: t('dashboard.invoices.customer'),
      render: (invoice) => {
        const now = recordedName(invoice) ? undefined : customers.get(invoice.customer_id);
        return (
          <CustomerCell
            id={invoice.customer_id}
            name={now ? now.name : invoice.customer_name}
            email={now ? now.email : invoice.customer_email}
          />
        );
      },
    },
    {
      key: 'amount_due',
      label: t('dashboard.invoices.amountDue'),
      align: 'right',
      render: (invoice) => (
        <InvoiceAmount status={invoice.status} text={money(invoice, invoice.amount_due)} />
      ),
    },
    {
      key: 'amount_paid',
      label: t('dashboard.invoices.amountPaid'),
      align: 'right',
      render: (invoice) => (
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {money(invoice, invoice.amount_paid)}
        </Box>
      ),
    },
    {
      key: 'status',
      label: t('dashboard.invoices.status'),
      render: (invoice) => <InvoiceStatusChip status={invoice.status} />,
    },
    {
      key: 'billing_reason',
      label: t('dashboard.invoices.reason'),
      render: (invoice) => billingReasonText(invoice.billing_reason, t),
    },
    {
      key: 'created_at',
      label: t('dashboard.invoices.created'),
      render: (invoice) => formatUnixTime(invoice.created_at, i18n.language),
    },
  ];

  let emptyText = t(livemode ? 'dashboard.invoices.emptyLive' : 'dashboard.invoices.emptyTest');
  if (status)
    emptyText = t('dashboard.invoices.emptyFiltered', { status: t(`page.invoice.status.${status}`) });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('dashboard.invoices.description')}
        notice={customer.notice}
        params={list}
        filters={[
          {
            name: 'status',
            label: t('dashboard.invoices.statusFilter'),
            options: INVOICE_STATUSES.map((value) => ({ value, label: t(`page.invoice.status.${value}`) })),
          },
        ]}
        columns={columns}
        getRowKey={(invoice) => invoice.id}
        onRowClick={(invoice) => void navigate(`/dashboard/invoices/${invoice.id}`)}
        emptyText={emptyText}
        {...listStateOf(invoices)}
      />
    </Container>
  );
}

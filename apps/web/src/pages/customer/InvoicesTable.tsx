import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Link from '@mui/material/Link';
import { useKioskSettings, type DataTableColumn } from '@kiosk/react';
import { ListTable, listStateOf, useListParams } from '@kiosk/react/ui';
import { BILLING_REASONS, billingReasonLabelKey, type BillingReason } from '@kiosk/core';
import type { Invoice } from '@kiosk/contracts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { InvoiceAmount } from './InvoiceAmount.tsx';
import { InvoiceStatusChip } from './InvoiceStatusChip.tsx';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import { invoicePath, portalPath, type InvoiceAction } from './portal-mode.ts';
import { useInvoiceList, type InvoiceListFilter } from './use-invoice-list.ts';

// Seed 001 §9: invoice lists show ten at a time (the table's first page, the load-more list's every page).
export const DEFAULT_PAGE_SIZE = 10;

const isBillingReason = (reason: string): reason is BillingReason =>
  (BILLING_REASONS as readonly string[]).includes(reason);

export interface InvoicesTableProps {
  livemode: boolean;
  filter: InvoiceListFilter;
  /** Names the table for screen readers. */
  label: string;
  /** What an empty list says (a subscription's next invoice date, say). */
  emptyText?: ReactNode;
  /**
   * Adds a column linking each invoice to its subscription (seed 001 §2), named by these plan names
   * (by subscription id) where known; a list of one subscription's invoices leaves it out.
   */
  subscriptionNames?: ReadonlyMap<string, string>;
  /** What an uncollectible invoice's link asks its page to do (`pay`: go straight to paying it). */
  action?: InvoiceAction;
}

/**
 * The invoice lists' columns (seed 001 §2): the number links to the invoice page, then date, reason,
 * amount (struck through when void), status, and the subscription when `subscriptionNames` is given.
 */
export function useInvoiceColumns(
  livemode: boolean,
  subscriptionNames?: ReadonlyMap<string, string>,
  action?: InvoiceAction,
): DataTableColumn<Invoice>[] {
  const { t, i18n } = useTranslation();
  const settings = useKioskSettings(livemode);
  const columns: DataTableColumn<Invoice>[] = [
    {
      key: 'number',
      label: t('portal.invoices.number'),
      render: (invoice) => (
        <Link
          component={RouterLink}
          to={invoicePath(invoice, livemode, action)}
          sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
        >
          {invoice.number}
        </Link>
      ),
    },
    {
      key: 'created_at',
      label: t('portal.invoices.date'),
      render: (invoice) => formatUnixTime(invoice.created_at, i18n.language),
    },
    {
      key: 'billing_reason',
      label: t('portal.invoices.reason'),
      // A reason this version does not know yet is shown as the server wrote it, not hidden.
      render: (invoice) =>
        isBillingReason(invoice.billing_reason)
          ? t(billingReasonLabelKey(invoice.billing_reason))
          : invoice.billing_reason,
    },
    {
      key: 'total',
      label: t('portal.invoices.amount'),
      align: 'right',
      render: (invoice) => (
        <InvoiceAmount
          status={invoice.status}
          text={formatInvoiceMoney(
            invoice.total,
            currencyOf(settings.data, invoice.currency_id),
            invoice.currency_id,
          )}
        />
      ),
    },
    {
      key: 'status',
      label: t('portal.invoices.status'),
      render: (invoice) => <InvoiceStatusChip status={invoice.status} />,
    },
  ];
  if (subscriptionNames)
    columns.push({
      key: 'subscription',
      label: t('portal.invoices.subscription'),
      render: ({ subscription_id: id }) =>
        id && (
          <Link
            component={RouterLink}
            to={portalPath(`/customer/subscription/${id}`, livemode)}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {subscriptionNames.get(id) ?? id}
          </Link>
        ),
    });

  return columns;
}

/**
 * Seed 001 §2's paged invoice table: the number links to the invoice page, then date, reason, amount
 * (struck through when void) and status. Its page is in the address (`invoices.page`); on a narrow
 * screen the table lays each invoice out as a card.
 */
export function InvoicesTable({
  livemode,
  filter,
  label,
  emptyText,
  subscriptionNames,
  action,
}: InvoicesTableProps) {
  const { t } = useTranslation();
  const list = useListParams(useSearchParams(), { prefix: 'invoices', defaultPageSize: DEFAULT_PAGE_SIZE });
  const invoices = useInvoiceList(livemode, filter, list.page, list.pageSize);
  const settings = useKioskSettings(livemode);
  const columns = useInvoiceColumns(livemode, subscriptionNames, action);
  const state = listStateOf(invoices);

  return (
    <ListTable
      label={label}
      params={list}
      columns={columns}
      getRowKey={(invoice) => invoice.id}
      emptyText={emptyText ?? t('portal.invoices.empty')}
      {...state}
      // Amounts wait for their currency, so no row redraws in other units.
      loading={state.loading || settings.isPending}
    />
  );
}

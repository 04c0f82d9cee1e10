import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '@kiosk/react';
import type { PaymentIntent } from '@kiosk/contracts';
import { formatAmount } from '@kiosk/core';
import { useCustomersById } from '../../hooks/use-customers-by-id.ts';
import { usePaymentCurrencies } from '../../hooks/use-payment-currencies.ts';
import { usePaymentIntents } from '../../hooks/use-payment-intents.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';

const DEFAULT_PAGE_SIZE = 10;

export interface PaymentsTableProps {
  livemode: boolean;
  label: string;
}

/** The payments of one mode; the page mounts a new table per mode, so paging starts over on a switch. */
export function PaymentsTable({ livemode, label }: PaymentsTableProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const intents = usePaymentIntents(livemode, page, pageSize);
  const currencies = usePaymentCurrencies(livemode);
  const rows = intents.data?.list ?? [];
  const customers = useCustomersById(
    livemode,
    rows.map((intent) => intent.customer_id),
  );

  const columns: DataTableColumn<PaymentIntent>[] = [
    {
      key: 'amount',
      label: t('dashboard.payments.amount'),
      align: 'right',
      render: (intent) => {
        const currency = currencies.data?.get(intent.currency_id);
        // Without its currency's decimals an amount cannot be shown right; its raw units and id are honest.
        const text = currency
          ? `${formatAmount(intent.amount, currency.decimal, { precision: currency.maximum_precision })} ${currency.symbol}`
          : `${intent.amount} ${intent.currency_id}`;
        return <Box sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{text}</Box>;
      },
    },
    {
      key: 'status',
      label: t('dashboard.payments.status'),
      render: (intent) => <PaymentStatusChip status={intent.status} />,
    },
    {
      key: 'customer',
      label: t('dashboard.payments.customer'),
      render: (intent) => {
        const customer = customers.get(intent.customer_id);
        const name = customer?.name ?? customer?.email;
        if (!name) return <Code>{intent.customer_id}</Code>;
        return (
          <Stack component="span">
            <span>{name}</span>
            {customer?.name && customer.email && (
              <Typography variant="caption" color="text.secondary">
                {customer.email}
              </Typography>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'created_at',
      label: t('dashboard.payments.created'),
      render: (intent) => formatUnixTime(intent.created_at, i18n.language),
    },
    { key: 'id', label: t('dashboard.payments.id'), render: (intent) => <Code>{intent.id}</Code> },
  ];

  const empty = (
    // Spans only: the table shows its empty text inside a paragraph.
    <Stack component="span" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{t(livemode ? 'dashboard.payments.emptyLive' : 'dashboard.payments.emptyTest')}</span>
      <Link component={RouterLink} to="/profile">
        {t('dashboard.payments.apiKeys')}
      </Link>
    </Stack>
  );

  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      getRowKey={(intent) => intent.id}
      count={intents.data?.count ?? 0}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={setPageSize}
      loading={intents.isPending}
      emptyText={empty}
      error={
        intents.isError ? { message: intents.error.message, onRetry: () => void intents.refetch() } : null
      }
    />
  );
}

function Code({ children }: { children: string }) {
  return (
    <Box
      component="code"
      sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
    >
      {children}
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { DataTableColumn } from '@kiosk/react';
import { ListPage, listStateOf, useListParams } from '@kiosk/react/ui';
import type { PaymentIntent } from '@kiosk/contracts';
import { formatAmount, PAYMENT_INTENT_STATUSES } from '@kiosk/core';
import { useCustomersById } from '../../hooks/use-customers-by-id.ts';
import { useCustomerFilter } from './customer-filter.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLivemode } from '../../hooks/use-livemode.ts';
import { usePaymentCurrencies } from '../../hooks/use-payment-currencies.ts';
import { usePaymentIntents } from '../../hooks/use-payment-intents.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { CustomerCell } from './CustomerCell.tsx';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';
import { Code } from './payment/Code.tsx';

const FILTERS = { status: PAYMENT_INTENT_STATUSES };

/**
 * The merchant's payments (payment intents) of the current mode. Intents, not checkout sessions: a
 * merchant first asks "who paid me what", and an intent is one attempt to collect money, from a
 * checkout or an invoice; a session list would bury it among carts opened and left. Switching the
 * mode starts the list over.
 */
export function PaymentsPage() {
  const { t, i18n } = useTranslation();
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode), filters: FILTERS });
  const customer = useCustomerFilter(livemode);
  const intents = usePaymentIntents(livemode, list.page, list.pageSize, {
    status: list.filters.status,
    customerId: customer.customerId,
  });
  const currencies = usePaymentCurrencies(livemode);
  const customers = useCustomersById(
    livemode,
    (intents.data?.list ?? []).map((intent) => intent.customer_id),
  );
  const title = t('page.screen.payments');
  useDocumentTitle(title);
  const navigate = useNavigate();

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
        return <CustomerCell id={intent.customer_id} name={customer?.name} email={customer?.email} />;
      },
    },
    {
      key: 'created_at',
      label: t('dashboard.payments.created'),
      render: (intent) => formatUnixTime(intent.created_at, i18n.language),
    },
    { key: 'id', label: t('dashboard.payments.id'), render: (intent) => <Code>{intent.id}</Code> },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('dashboard.payments.description')}
        notice={customer.notice}
        params={list}
        filters={[
          {
            name: 'status',
            label: t('dashboard.payments.statusFilter'),
            options: PAYMENT_INTENT_STATUSES.map((value) => ({
              value,
              label: t(`dashboard.status.${value}`),
            })),
          },
        ]}
        columns={columns}
        getRowKey={(intent) => intent.id}
        onRowClick={(intent) => void navigate(`/dashboard/payments/${intent.id}`)}
        emptyText={
          // Spans only: the table shows its empty text inside a paragraph.
          <Stack component="span" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{t(livemode ? 'dashboard.payments.emptyLive' : 'dashboard.payments.emptyTest')}</span>
            <Link component={RouterLink} to="/profile">
              {t('dashboard.payments.apiKeys')}
            </Link>
          </Stack>
        }
        {...listStateOf(intents)}
      />
    </Container>
  );
}
